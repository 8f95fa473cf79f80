import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { codBalanceSchema, PAYOUTS_PER_PAGE, payoutListQuerySchema, payoutPageSchema } from '#shared/merchant.ts';
import { codBalance, payoutPage } from '../merchants/service.ts';
import { type ApiKeyHooks, callerOf } from './api-key-guard.ts';

/**
 * The merchant's money through `/api/v1` (issue 41, R-MERCHANT-API): the COD balance and the payouts as
 * the merchant page shows them (R-PAYOUTS), read by the website's own functions.
 */
export const v1MoneyRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; keyed: ApiKeyHooks }> = async (
  app,
  { db, config, keyed },
) => {
  app.get(
    '/api/v1/balance',
    {
      ...keyed,
      schema: {
        operationId: 'v1Balance',
        tags: ['v1'],
        summary:
          'Your COD balance as the merchant page shows it: every ledger line not yet settled by a payout (poisha), and the day and moment of the next payout run, which settles the lines written before it. It is negative while the fees of parcels with no cash to collect exceed the cash collected: the run pays no one a negative balance, and the next payout is reduced by it',
        errors: [429],
        response: { 200: codBalanceSchema },
      },
    },
    async (request) => codBalance(db, callerOf(request).merchantId, config.timeZone),
  );

  app.get(
    '/api/v1/payouts',
    {
      ...keyed,
      schema: {
        operationId: 'v1Payouts',
        tags: ['v1'],
        summary: `Your payouts, newest first, ${PAYOUTS_PER_PAGE} a page, as the merchant page lists them: send the answer’s \`older\` back as \`before\` for the next page (null on the last). A payout is made only when the balance before its run is above nothing; its amount is every line it settles, fees debited from the balance included`,
        querystring: payoutListQuerySchema,
        errors: [429],
        response: { 200: payoutPageSchema },
      },
    },
    async (request) => payoutPage(db, callerOf(request).merchantId, request.query.before),
  );
};
