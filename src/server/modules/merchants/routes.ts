import { Readable } from 'node:stream';
import type { I18n } from '@lingui/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import { appendedSumsFolding } from '#server/db/appended-sums.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import { LIMITS } from '#shared/limits.ts';
import type { Locale } from '#shared/locale.ts';
import { formatCalendarDate } from '#shared/locale-format.ts';
import {
  LEDGER_KINDS,
  type LedgerLine,
  ledgerPageSchema,
  ledgerPeriodSchema,
  ledgerQuerySchema,
  MERCHANT_MESSAGES,
  merchantApplicationSchema,
  merchantIdParamsSchema,
  merchantListQuerySchema,
  merchantListSchema,
  merchantRefusalSchema,
  merchantSchema,
  type PayoutMethod,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutPaidSchema,
  payoutRunRequestSchema,
  payoutSchema,
} from '#shared/merchant.ts';
import {
  PAYOUT_FILE_MESSAGES,
  payoutFileParamsSchema,
  payoutFilesSchema,
  payoutResultImportSchema,
  payoutRunDayParamsSchema,
} from '#shared/payout-files.ts';
import { payoutRunSchema } from '#shared/payout-run.ts';
import { shopClock } from '../rates/working-days.ts';
import { applyAsMerchant, decideOnMerchant, listMerchants, ownMerchant, payoutMethodOf } from './accounts.ts';
import { approvedMerchantOf, ledgerPage, MERCHANT_BALANCES, requireApprovedMerchant, statementLines } from './ledger.ts';
import { loadPayoutFileTemplates } from './payout-file-templates.ts';
import { payoutFileCsv, payoutFiles, runCutoff } from './payout-files.ts';
import { importPayoutResults } from './payout-results.ts';
import { readPayoutRun, startPayoutRun } from './payout-run.ts';
import { listPayouts, markPayoutPaid } from './payouts.ts';
import { statementCsv } from './statement-csv.ts';
import { payoutAccount, statementPdf } from './statement-pdf.ts';

type StatementFormat = 'csv' | 'pdf';
const STATEMENT_FILES = {
  csv: { produces: ['text/csv'], response: { 200: z.string().describe('CSV (RFC 4180)') } },
  pdf: { produces: ['application/pdf'], response: { 200: z.string().describe('PDF') } },
};

/** Merchants (issue 30): the application and its decision, the COD ledger, and the payouts. */
export const merchantRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  // Read and checked now: a courier's template that is not valid stops the start (decision 180).
  const payoutTemplates = loadPayoutFileTemplates(config.payoutFileTemplatesDir);
  // A result file as its bytes: the CSV reader refuses one that is not UTF-8 (decision 98).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: LIMITS.payoutResultLinesMax * LIMITS.csvCellMaxChars },
    (_request, body, done) => done(null, body),
  );
  const balanceFolding = appendedSumsFolding(db, MERCHANT_BALANCES, app.log);
  app.addHook('onReady', () => balanceFolding.start());
  app.addHook('onClose', () => balanceFolding.stop());
  const merchantOf = (userId: string) => requireApprovedMerchant(db, userId);
  /**
   * A statement as a file to keep (R-PAYOUTS), never cached since it is the merchant's own; a PDF in the
   * reader's language naming its period and the account it is paid to. Both are written as they are read.
   */
  const sendStatement = async (
    request: FastifyRequest,
    reply: FastifyReply,
    statement: {
      format: StatementFormat;
      name: string;
      lines: AsyncIterable<LedgerLine>;
      businessName: string;
      payoutMethod: PayoutMethod;
      covers: (i18n: I18n, locale: Locale) => string;
    },
  ) => {
    const { format, name, lines } = statement;
    const file = { name: `${name}.${format}`, disposition: 'attachment' as const };
    if (format === 'csv')
      return sendPrivateFile(
        reply,
        { ...file, type: 'text/csv; charset=utf-8' },
        Readable.from(statementCsv(lines, config.timeZone)),
      );
    const locale = requestLocale(request);
    const i18n = app.translators[locale];
    const pdf = await statementPdf(lines, {
      shopName: config.shopName,
      businessName: statement.businessName,
      covers: statement.covers(i18n, locale),
      payoutAccount: payoutAccount(statement.payoutMethod, i18n),
      i18n,
      locale,
    });
    return sendPrivateFile(reply, { ...file, type: 'application/pdf' }, pdf);
  };
  /** A statement's days in the reader's words; a period without an end runs to today, in the shop's time zone. */
  const day = (isoDay: string, locale: Locale) => formatCalendarDate(isoDay, locale);
  const today = () => shopClock(new Date(), config.timeZone).day;

  app.post(
    '/api/merchant/application',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'applyAsMerchant',
        tags: ['merchants'],
        summary:
          'Apply as a merchant: business name, pickup addresses and how you are paid (a bank account or a bKash, Nagad or Rocket number); an admin approves or refuses. A refused applicant may apply again; 409 while waiting or once approved',
        body: merchantApplicationSchema,
        errors: [409],
        response: { 201: merchantSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await applyAsMerchant(db, viewerOf(request).userId, request.body)),
  );

  app.get(
    '/api/merchant',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'readMerchant',
        tags: ['merchants'],
        summary: 'Your merchant account, its standing and its balance; 404 when you never applied',
        errors: [404],
        response: { 200: merchantSchema },
      },
    },
    async (request) => {
      const merchant = await ownMerchant(db, viewerOf(request).userId);
      if (!merchant) throw notFound(MERCHANT_MESSAGES.notMerchant);
      return merchant;
    },
  );

  app.get(
    '/api/merchant/ledger',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'readLedger',
        tags: ['merchants'],
        summary: `Your COD ledger (approved merchants), newest first, a page at a time, between two of the shop’s days (both included): lines of ${LEDGER_KINDS.join(', ')}, in poisha, credits positive; and the balance owed to you now. The answer’s \`older\` is the \`before\` of the page of older lines, its \`newer\` the \`after\` of the page of newer ones`,
        querystring: ledgerQuerySchema,
        errors: [403],
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => ledgerPage(db, await merchantOf(viewerOf(request).userId), request.query, config.timeZone),
  );

  const ledgerStatement = (format: StatementFormat) => ({
    onRequest: app.requireUser,
    schema: {
      operationId: format === 'csv' ? 'exportLedger' : 'printLedger',
      tags: ['merchants'],
      summary: `Your statement as ${format === 'csv' ? 'CSV, amounts in taka' : 'a PDF in your language'} (approved merchants): every line between two of the shop’s days, oldest first, and the total`,
      querystring: ledgerPeriodSchema,
      errors: [403 as const],
      ...STATEMENT_FILES[format],
    },
  });
  const sendLedgerStatement =
    (format: StatementFormat) =>
    async (request: FastifyRequest<{ Querystring: { from?: string; to?: string } }>, reply: FastifyReply) => {
      const { userId } = viewerOf(request);
      const merchantId = await merchantOf(userId);
      const merchant = await ownMerchant(db, userId);
      const { from, to } = request.query;
      const lines = statementLines(db, merchantId, { from, to }, config.timeZone);
      const covers = (i18n: I18n, locale: Locale) =>
        from
          ? i18n._('{from} to {to}', { from: day(from, locale), to: day(to ?? today(), locale) })
          : i18n._('All lines up to {to}', { to: day(to ?? today(), locale) });
      return sendStatement(request, reply, {
        format,
        name: 'statement',
        lines,
        businessName: merchant?.businessName ?? '',
        payoutMethod: merchant?.payoutMethod as PayoutMethod,
        covers,
      });
    };
  app.get('/api/merchant/ledger.csv', ledgerStatement('csv'), sendLedgerStatement('csv'));
  app.get('/api/merchant/ledger.pdf', ledgerStatement('pdf'), sendLedgerStatement('pdf'));

  app.get(
    '/api/merchant/payouts',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listMyPayouts',
        tags: ['merchants'],
        summary:
          'Your payouts (approved merchants), newest first, a page at a time: `before` the last number read for the next page',
        querystring: payoutListQuerySchema,
        errors: [403],
        response: { 200: z.array(payoutSchema) },
      },
    },
    async (request) =>
      listPayouts(db, {
        merchantId: await merchantOf(viewerOf(request).userId),
        before: request.query.before,
        reader: 'merchant',
      }),
  );

  const payoutStatement = (format: StatementFormat) => ({
    onRequest: app.requireUser,
    schema: {
      operationId: format === 'csv' ? 'exportPayoutStatement' : 'printPayoutStatement',
      tags: ['merchants'],
      summary: `One payout’s statement as ${format === 'csv' ? 'CSV' : 'a PDF in your language'}: the lines it settled (its merchant, and admins)`,
      params: payoutIdParamsSchema,
      errors: [404 as const],
      ...STATEMENT_FILES[format],
    },
  });
  const sendPayoutStatement =
    (format: StatementFormat) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const { userId } = viewerOf(request);
      const [payout] = await listPayouts(db, { payoutId: request.params.id, reader: 'merchant' });
      const mine = payout && payout.merchant.id === (await approvedMerchantOf(db, userId));
      if (!payout || !(mine || (await app.isAdmin(userId)))) throw notFound(MERCHANT_MESSAGES.noPayout);
      const lines = statementLines(db, payout.merchant.id, { payoutId: payout.id }, config.timeZone);
      const cutoff = shopClock(new Date(payout.cutoff), config.timeZone).day;
      return sendStatement(request, reply, {
        format,
        name: `payout-${payout.number}`,
        lines,
        businessName: payout.merchant.businessName,
        payoutMethod: (await payoutMethodOf(db, payout.merchant.id)) as PayoutMethod,
        covers: (i18n, locale) =>
          i18n._('Payout {number}: lines up to {cutoff}', { number: payout.number, cutoff: day(cutoff, locale) }),
      });
    };
  app.get('/api/merchant/payouts/:id/statement.csv', payoutStatement('csv'), sendPayoutStatement('csv'));
  app.get('/api/merchant/payouts/:id/statement.pdf', payoutStatement('pdf'), sendPayoutStatement('pdf'));

  app.get(
    '/api/admin/merchants',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'listMerchants',
        tags: ['merchants'],
        summary:
          'Merchant accounts (admin) with what each is owed, a page at a time: applications waiting for a decision first, then the newest; `status` to see one standing, `after` with the last page’s `next` for the page that follows',
        querystring: merchantListQuerySchema,
        response: { 200: merchantListSchema },
      },
    },
    async (request) => listMerchants(db, request.query),
  );

  app.post(
    '/api/admin/merchants/:id/approve',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'approveMerchant',
        tags: ['merchants'],
        summary: 'Approve a waiting application (admin): its parcels book to its ledger from now on; 409 once decided',
        params: merchantIdParamsSchema,
        errors: [404, 409],
        response: { 200: merchantSchema },
      },
    },
    async (request) => decideOnMerchant(db, request.params.id, viewerOf(request).userId, { status: 'approved' }),
  );

  app.post(
    '/api/admin/merchants/:id/refuse',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'refuseMerchant',
        tags: ['merchants'],
        summary: 'Refuse a waiting application with the reason the applicant reads (admin); 409 once decided',
        params: merchantIdParamsSchema,
        body: merchantRefusalSchema,
        errors: [404, 409],
        response: { 200: merchantSchema },
      },
    },
    async (request) =>
      decideOnMerchant(db, request.params.id, viewerOf(request).userId, { status: 'refused', reason: request.body.reason }),
  );

  app.get(
    '/api/admin/payouts',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'listPayouts',
        tags: ['merchants'],
        summary:
          'Every payout (admin), newest first, a page at a time: `before` the last number read for the next page; `unpaid=true` for those still to transfer',
        querystring: payoutListQuerySchema.extend({ unpaid: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(payoutSchema) },
      },
    },
    async (request) =>
      listPayouts(db, { unpaid: request.query.unpaid === 'true', before: request.query.before, reader: 'admin' }),
  );

  app.post(
    '/api/admin/payouts/run',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'runPayouts',
        tags: ['merchants'],
        summary:
          'Start the payouts now (admin), once `confirm` is true (issue 42), as the Tuesday run does, in the background: one payout per merchant whose lines owed before now add up to more than nothing. Answers the day’s run at once; one run a day, so starting it again answers the same run and creates nothing new',
        body: payoutRunRequestSchema,
        response: { 202: payoutRunSchema },
      },
    },
    async (request, reply) => {
      const run = await startPayoutRun(db, config.timeZone, new Date(), viewerOf(request).userId);
      app.payoutWorker.wake();
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/api/admin/payouts/runs/current',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'currentPayoutRun',
        tags: ['merchants'],
        summary: 'The latest payout run and its progress (admin): merchants settled of those owing, failures and their reasons',
        response: { 200: payoutRunSchema.nullable() },
      },
    },
    async () => (await readPayoutRun(db)) ?? null,
  );

  app.post(
    '/api/admin/payouts/:id/paid',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'markPayoutPaid',
        tags: ['merchants'],
        summary:
          'Mark a payout paid with the bank’s or wallet’s reference (admin); the merchant is mailed the statement; 409 when already paid',
        params: payoutIdParamsSchema,
        body: payoutPaidSchema,
        errors: [404, 409],
        response: { 200: payoutSchema },
      },
    },
    async (request) => markPayoutPaid(db, request.params.id, viewerOf(request).userId, request.body.reference),
  );

  app.get(
    '/api/admin/payouts/runs/:day/files',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'payoutFiles',
        tags: ['merchants'],
        summary:
          'A payout run’s files (admin, R-PAYOUT-FILES): for bKash, Nagad, Rocket and BEFTN the payouts still to transfer and their sum, and the payouts to bank accounts with no routing number, which no file holds',
        params: payoutRunDayParamsSchema,
        errors: [404],
        response: { 200: payoutFilesSchema },
      },
    },
    async (request) => payoutFiles(db, request.params.day),
  );

  app.get(
    '/api/admin/payouts/runs/:day/files/:kind',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'downloadPayoutFile',
        tags: ['merchants'],
        summary:
          'A payout run’s bulk file for one portal (admin): `bkash`, `nagad`, `rocket` (wallet number, amount, reference) or `beftn` (routing number, account number and name, amount, reference), in the columns of its template, as CSV; the payouts still to transfer, each referenced by its number',
        params: payoutFileParamsSchema,
        produces: ['text/csv'],
        errors: [404],
        response: { 200: z.string().describe('CSV (RFC 4180)') },
      },
    },
    async (request, reply) => {
      const { day, kind } = request.params;
      const cutoff = await runCutoff(db, day);
      return sendPrivateFile(
        reply,
        { type: 'text/csv; charset=utf-8', name: `payouts-${day}-${kind}.csv`, disposition: 'attachment' },
        Readable.from(payoutFileCsv(db, cutoff, kind, payoutTemplates.files[kind])),
      );
    },
  );

  app.post(
    '/api/admin/payouts/results',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'importPayoutResults',
        tags: ['merchants'],
        summary:
          'Import a bank’s or wallet portal’s result file (admin, R-PAYOUT-FILES), sent as text/csv: each line’s payout (its reference) marked paid with the transaction id, or failed with its amount given back to the merchant’s balance. A file with any bad line is refused whole, each problem named by its line, and nothing changes; the same file again changes nothing',
        consumes: ['text/csv'],
        errors: [400],
        readByHandler: { body: z.string().describe('CSV (RFC 4180), UTF-8: reference, status, transaction id, reason') },
        response: { 200: payoutResultImportSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest(PAYOUT_FILE_MESSAGES.noFile);
      return importPayoutResults(db, request.body, payoutTemplates.result, viewerOf(request).userId);
    },
  );
};
