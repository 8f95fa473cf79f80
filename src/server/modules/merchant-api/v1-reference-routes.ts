import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANSWERED_FROM_MEMORY, sendKeptAnswer } from '#server/cache/public-answer-reply.ts';
import { type PublicAnswer, serializeJson } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest } from '#server/http/errors.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import { type AreaDirectory, areaDirectorySchema } from '#shared/area.ts';
import { apiHandoverPhotoPath, labelQuerySchema, trackingCodeParamsSchema } from '#shared/consignment.ts';
import { isLocale } from '#shared/locale.ts';
import { SERVICE_NAMES } from '#shared/parcel-services.ts';
import { areaReference, serviceCatalogueSchema } from '#shared/quote.ts';
import { englishText } from '#shared/translate.ts';
import { areaDirectory } from '../areas/places.ts';
import { labelUrlOf, printLabel } from '../consignments/service.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { serviceTerms } from '../rates/service.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';

const AREA_DIRECTORY_MESSAGES = {
  unknownDistrict: (typed: string) =>
    englishText(/*i18n*/ 'No district is called “{typed}”: give a district’s id or name as GET /api/v1/areas lists it.', {
      typed,
    }),
} as const;

/**
 * The area directory is the coverage data, which changes only with a release: a client may keep it an
 * hour and then ask again with its ETag (304). Private: it answers a key, which a shared cache must not
 * answer for without the key being checked (decision 136).
 */
const DIRECTORY_CACHE_CONTROL = 'private, max-age=3600';

/**
 * A parcel's or a booking's answer through the merchant API, its label's and handover photo's addresses
 * the ones the key opens (issue 41, decision 137).
 */
export const withApiLabel = <
  Answer extends { trackingCode: string; labelUrl: string; proofOfDelivery?: { photoUrl: string | null } | null },
>(
  config: Config,
  answer: Answer,
): Answer => ({
  ...answer,
  labelUrl: labelUrlOf(config, answer.trackingCode, 'api'),
  ...(answer.proofOfDelivery?.photoUrl
    ? {
        proofOfDelivery: {
          ...answer.proofOfDelivery,
          photoUrl: new URL(apiHandoverPhotoPath(answer.trackingCode), config.publicUrl).toString(),
        },
      }
    : {}),
});

/**
 * What a booking through the merchant API needs to know (issue 41): the areas it may name, the services
 * and what each takes, and the label of a parcel it booked, all with the merchant's key.
 */
export const v1ReferenceRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  rates: RateCards;
  keyed: ApiKeyHooks;
}> = async (app, { db, config, rates, keyed }) => {
  // Built once: the whole directory and each district's, as the bytes, ETag and compressed copies they are sent as.
  const directory = areaDirectory();
  const everyArea = serializeJson(directory);
  const districtAnswers = new Map<string, PublicAnswer>();
  for (const division of directory.divisions)
    for (const district of division.districts) {
      const answer = serializeJson({ divisions: [{ ...division, districts: [district] }] } satisfies AreaDirectory);
      for (const name of [district.id, district.name.toLowerCase(), district.nameBn]) districtAnswers.set(name, answer);
    }

  app.get(
    '/api/v1/areas',
    {
      ...keyed,
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'v1Areas',
        tags: ['v1'],
        summary:
          'Every area a parcel is picked up from or delivered to, by division and district, with the `areaId` a quote and a booking take, English and Bangla names and the home-delivery and pickup flags as the coverage data has them; `district` (a district’s id or name) keeps that district’s. A strong ETag: ask again with If-None-Match for a 304',
        querystring: z.object({ district: areaReference('district').optional() }),
        errors: [429],
        response: { 200: areaDirectorySchema },
      },
    },
    async (request, reply) => {
      const { district } = request.query;
      const answer = district === undefined ? everyArea : districtAnswers.get(district.normalize('NFC').toLowerCase());
      if (!answer) {
        const message = AREA_DIRECTORY_MESSAGES.unknownDistrict(district ?? '');
        throw badRequest(message, { district: message });
      }
      return sendKeptAnswer(request, reply, answer, 'list', DIRECTORY_CACHE_CONTROL);
    },
  );

  app.get(
    '/api/v1/services',
    {
      ...keyed,
      schema: {
        operationId: 'v1Services',
        tags: ['v1'],
        summary:
          'The services a booking’s `service` names, in English and Bangla: the lightest parcel each takes, its cut-off hour, and in each zone the rate card in force prices it for, the working days it takes and the heaviest parcel it takes there',
        errors: [429],
        response: { 200: serviceCatalogueSchema },
      },
    },
    async () => {
      const { card } = await rates.inForce();
      const bangla = app.translators.bn;
      return {
        services: serviceTerms(card).map(({ service, ...terms }) => ({
          service,
          name: SERVICE_NAMES[service],
          nameBn: bangla._(SERVICE_NAMES[service]),
          ...terms,
        })),
      };
    },
  );

  const labels = { db, config, translators: app.translators };

  app.get(
    '/api/v1/consignments/:trackingCode/label.pdf',
    {
      ...keyed,
      schema: {
        operationId: 'v1Label',
        tags: ['v1'],
        summary:
          'One of your parcels’ A6 label as a PDF, the website’s label (another sender’s parcel 404, a cancelled one 409): the tracking code as a Code 128 barcode, a QR code of the tracking page, recipient, sender, service, weight and cash to collect; `lang=bn` writes it in Bangla',
        params: trackingCodeParamsSchema,
        querystring: labelQuerySchema,
        produces: ['application/pdf'],
        errors: [404, 409, 429],
        response: { 200: z.string().describe('PDF') },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const locale = lang && isLocale(lang) ? lang : requestLocale(request);
      const caller = callerOf(request);
      const { name, pdf } = await printLabel(labels, caller, request.params.trackingCode, async () => false, locale);
      return sendPrivateFile(reply, { type: 'application/pdf', name, disposition: 'inline' }, pdf);
    },
  );
};
