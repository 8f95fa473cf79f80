import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { bulkBookings, consignments } from '#server/db/schema.ts';
import { acceptFileForms } from '#server/http/multipart-form.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import {
  BULK_BOOKING_MESSAGES,
  bulkBookingIdParamsSchema,
  bulkBookingOptionsSchema,
  bulkBookingSchema,
  bulkLabelsPath,
} from '#shared/bulk-booking.ts';
import { LIMITS } from '#shared/limits.ts';
import { isLocale } from '#shared/locale.ts';
import { requireApprovedMerchant } from '../merchants/ledger.ts';
import type { RateCards } from '../rates/rate-card-store.ts';
import { askRecipientsOfMany } from '../recipient-confirmations/service.ts';
import { type BookedRow, bookBulk, bulkTemplateCsv } from './bulk-booking.ts';
import { printBulkLabels } from './bulk-labels.ts';
import { bulkBookedNotices } from './notifications.ts';

const FILE_FIELD = 'file';
/** The files a merchant's page lists, newest first. */
const RECENT_BULK_BOOKINGS = 20;

const bulkFileSchema = bulkBookingOptionsSchema.extend({
  [FILE_FIELD]: z.custom<Buffer>((value) => Buffer.isBuffer(value), BULK_BOOKING_MESSAGES.noFile),
  [`${FILE_FIELD}Name`]: z.string().max(200).optional(),
});

/** Bulk booking (R-BULK-BOOKING): a merchant's spreadsheet of parcels, its template, and its labels as one PDF. */
export const bulkBookingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; rates: RateCards }> = async (
  app,
  { db, config, rates },
) => {
  const context = { db, config, rates };
  // The recipients of a file's parcels are told by text, as one parcel's are.
  const bulkContext = {
    ...context,
    notify: bulkBookedNotices(config, app.translators),
    // A file's COD parcels are asked to confirm when the merchant asks for every one (decision 182).
    askToConfirm: (tx: Transaction, userId: string, booked: BookedRow[]) =>
      askRecipientsOfMany(tx, config, app.translators, userId, booked),
  };
  const absolute = (path: string) => new URL(path, config.publicUrl).toString();

  app.get(
    '/api/merchant/bulk-bookings/template.csv',
    {
      schema: {
        operationId: 'bulkBookingTemplate',
        tags: ['merchants'],
        summary: 'The bulk booking template: the columns a file of parcels has, and one example line',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (RFC 4180)') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bulk-booking-template.csv"')
        .send(bulkTemplateCsv()),
  );

  await app.register(async (uploads) => {
    await acceptFileForms(uploads, {
      name: FILE_FIELD,
      maxBytes: LIMITS.bulkFileMaxBytes,
      tooLarge: BULK_BOOKING_MESSAGES.tooBig,
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/merchant/bulk-bookings',
      {
        onRequest: app.requireUser,
        schema: {
          operationId: 'bookInBulk',
          tags: ['merchants'],
          summary: `Books up to ${LIMITS.bulkBookingRowsMax} parcels from a CSV file (multipart/form-data: \`file\`, \`service\`, \`store\` = the id of one of your stores, absent for the default; \`defaultWeightKg\` for parcels the file gives no weight; \`columns\` = JSON naming the file's column for each of ours, for a file that is neither the template nor a WooCommerce or Shopify order export, remembered for the next file with those columns), approved merchants only. A WooCommerce or Shopify order export books one parcel an order. Every line is checked and priced; a file with any bad line is refused whole (400, every problem of a line under "line N", one a line of the message) and nothing is booked; otherwise all its parcels are booked in one transaction`,
          consumes: ['multipart/form-data'],
          body: bulkFileSchema,
          errors: [403, 413, 429],
          response: { 201: bulkBookingSchema },
        },
      },
      async (request, reply) => {
        const { userId } = viewerOf(request);
        const merchantId = await requireApprovedMerchant(db, userId);
        const file = {
          name: (request.body[`${FILE_FIELD}Name`] as string | undefined) || 'parcels.csv',
          content: request.body[FILE_FIELD] as Buffer,
        };
        return reply.status(201).send(await bookBulk(bulkContext, { userId, merchantId }, file, request.body));
      },
    );
  });

  app.get(
    '/api/merchant/bulk-bookings',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listBulkBookings',
        tags: ['merchants'],
        summary: `Your last ${RECENT_BULK_BOOKINGS} bulk bookings, newest first, each with its labels' PDF; a batch booked with a test API key is not one of them`,
        errors: [403],
        response: { 200: z.array(bulkBookingSchema) },
      },
    },
    async (request) => {
      const merchantId = await requireApprovedMerchant(db, viewerOf(request).userId);
      const rows = await db
        .select({
          id: bulkBookings.id,
          fileName: bulkBookings.fileName,
          parcels: bulkBookings.parcels,
          createdAt: bulkBookings.createdAt,
          total: sql<number>`coalesce(sum(${consignments.total}), 0)`.mapWith(Number),
        })
        .from(bulkBookings)
        .leftJoin(consignments, eq(consignments.bulkBookingId, bulkBookings.id))
        .where(eq(bulkBookings.merchantId, merchantId))
        .groupBy(bulkBookings.id)
        // A test key's batch is all sandbox parcels (R-SANDBOX): its labels are the test key's, not a file to print.
        .having(sql`not bool_or(${consignments.test})`)
        .orderBy(desc(bulkBookings.createdAt))
        .limit(RECENT_BULK_BOOKINGS);
      return rows.map((row) => ({
        id: row.id,
        fileName: row.fileName,
        parcels: row.parcels,
        total: row.total,
        createdAt: row.createdAt.toISOString(),
        labelsUrl: absolute(bulkLabelsPath(row.id)),
      }));
    },
  );

  app.get(
    '/api/merchant/bulk-bookings/:id/labels.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'printBulkLabels',
        tags: ['merchants'],
        summary:
          'A bulk booking’s labels as one PDF, one A6 page per parcel in the file’s order (its merchant only); `lang=bn` writes them in Bangla. The PDF is written as it is read, a page at a time; one bulk booking’s labels print at a time on each server, and another asked meanwhile is answered 503 with Retry-After (decision 100)',
        params: bulkBookingIdParamsSchema,
        querystring: z.object({ lang: z.string().optional() }),
        produces: ['application/pdf'],
        errors: [403, 404],
        response: { 200: z.string().describe('PDF') },
      },
    },
    async (request, reply) => {
      const merchantId = await requireApprovedMerchant(db, viewerOf(request).userId);
      const { lang } = request.query;
      const locale = lang && isLocale(lang) ? lang : requestLocale(request);
      const { booking, pdf } = await printBulkLabels(context, merchantId, request.params.id, {
        i18n: app.translators[locale],
        locale,
      });
      return sendPrivateFile(reply, { type: 'application/pdf', name: `labels-${booking.id}.pdf`, disposition: 'inline' }, pdf);
    },
  );
};
