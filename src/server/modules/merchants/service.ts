import type { Database } from '#server/db/client.ts';
import { type CodBalance, PAYOUTS_PER_PAGE, type PayoutPage } from '#shared/merchant.ts';
import { PARCEL_CURRENCY } from '#shared/parcel-services.ts';
import { balanceOf } from './ledger.ts';
import { nextPayoutRun } from './payout-run.ts';
import { listPayouts } from './payouts.ts';

/**
 * A merchant's COD balance as the merchant page shows it (R-PAYOUTS): every line not yet settled, and
 * when the next payout run ("Paid every Tuesday") starts; for the merchant API (issue 41).
 */
export async function codBalance(db: Database, merchantId: string, timeZone: string, now = new Date()): Promise<CodBalance> {
  const next = nextPayoutRun(timeZone, now);
  return {
    balance: await balanceOf(db, merchantId),
    currency: PARCEL_CURRENCY,
    nextPayoutDay: next.day,
    nextPayoutAt: next.at.toISOString(),
  };
}

/**
 * A page of a merchant's payouts, newest first, as the merchant page reads them (numbered `before` the
 * last one read), with the `before` of the next page: null when this page is not full, so none follows.
 */
export async function payoutPage(db: Database, merchantId: string, before: number | undefined): Promise<PayoutPage> {
  const payouts = await listPayouts(db, { merchantId, before, reader: 'merchant' });
  const last = payouts.at(-1);
  return { payouts, older: payouts.length === PAYOUTS_PER_PAGE && last ? Number(last.number.replace('PO-', '')) : null };
}
