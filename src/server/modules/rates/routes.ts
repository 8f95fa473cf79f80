import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import { PUBLIC_READS } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import { badRequest } from '#server/http/errors.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import { quoteQuerySchema, quoteSchema } from '#shared/quote.ts';
import { translated } from '#shared/translate.ts';
import { RATE_CARD_MESSAGES, RateCardRefusal, readRateCard, writeRateCard } from './rate-card-csv.ts';
import type { RateCards } from './rate-card-store.ts';
import { quoteParcel } from './service.ts';
import { shopClock } from './working-days.ts';

interface RateRouteOptions {
  config: Config;
  rates: RateCards;
}

/** A rate card is a few dozen lines; far less than this. */
const RATE_CARD_MAX_BYTES = 64 * 1024;

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** Prices (issue 28): the public quote, and the rate card admins export and import. */
export const rateRoutes: FastifyPluginAsyncZod<RateRouteOptions> = async (app, { config, rates }) => {
  // The bytes as sent: the CSV reader refuses a file that is not UTF-8 instead of replacing what it cannot read (decision 98).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: RATE_CARD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/quote',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'quoteParcel',
        tags: ['parcels'],
        summary:
          'Instant quote: every service’s delivery fee, COD charge, total (poisha) and delivery days for a parcel between two areas (ids, or names as the coverage search writes them), or why a service cannot take it',
        querystring: quoteQuerySchema,
        response: { 200: quoteSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const now = new Date();
      const { day, hour } = shopClock(now, config.timeZone);
      const { from, to, weightGrams, codAmount } = request.query;
      // Kept by the hour and not past it (nor before routing), so the cut-off and the next day come in
      // time; dropped when a new rate card comes.
      const key = PUBLIC_READS.quote(JSON.stringify([locale, day, hour, from, to, weightGrams, codAmount]));
      const answer = await app.publicReads.answer(
        key,
        quoteSchema,
        async () => {
          const { card } = await rates.inForce();
          const quote = quoteParcel(
            { card, codFeeBasisPoints: config.codFeeBasisPoints, now, timeZone: config.timeZone },
            request.query,
          );
          if (locale === 'en') return quote;
          const i18n = app.translators[locale];
          return {
            ...quote,
            options: quote.options.map((option) =>
              option.reason ? { ...option, reason: translated(i18n, option.reason) } : option,
            ),
          };
        },
        {
          body: (quote) => quote,
          headers: () => ({ 'content-language': locale, vary: 'Accept-Language' }),
          // The shop's hour may end early: every time zone's hours begin on a quarter of a UTC hour.
          until: (Math.floor(now.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS,
        },
      );
      return sendPublicAnswer(request, reply, answer, 'list', locale);
    },
  );

  app.get(
    '/api/admin/rates.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'exportRateCard',
        tags: ['parcels'],
        summary:
          'The rate card in force as a CSV file (admin): a line per service and zone, prices in taka, a column per weight band',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (RFC 4180)') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="rate-card.csv"')
        .header('cache-control', 'no-store')
        .send(writeRateCard((await rates.inForce()).card)),
  );

  app.put(
    '/api/admin/rates',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'importRateCard',
        tags: ['parcels'],
        summary:
          'Puts a rate card in force (admin), sent as text/csv in the exported form; a file with any bad line is refused whole, each problem named by its line, and nothing changes',
        consumes: ['text/csv'],
        produces: ['text/csv'],
        errors: [400],
        readByHandler: { body: z.string().describe('CSV (RFC 4180), UTF-8') },
        response: { 200: z.string().describe('The card now in force, as CSV') },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest(RATE_CARD_MESSAGES.noFile);
      let card: ReturnType<typeof readRateCard>;
      try {
        card = readRateCard(request.body);
      } catch (error) {
        if (!(error instanceof RateCardRefusal)) throw error;
        // Each problem under its line's name, "line 3", for the page to list under the file field.
        throw badRequest(error.message, Object.fromEntries(error.problems.map(({ line, message }) => [`line ${line}`, message])));
      }
      const saved = await rates.importCard(card, viewerOf(request).userId);
      app.publicReads.quotesChanged();
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').send(writeRateCard(saved.card));
    },
  );
};
