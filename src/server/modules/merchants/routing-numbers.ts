import { badRequest } from '#server/http/errors.ts';
import type { PayoutMethod } from '#shared/merchant.ts';
import { PAYOUT_FILE_MESSAGES } from '#shared/payout-files.ts';

/** Bangladesh Bank's routing numbers, by bank (bd-routing-numbers.json, its source in SOURCE-routing-numbers.md). */
let known: Promise<Set<string>> | undefined;

/** Read on first use: the list is only for applications naming a bank account. */
function routingNumbers(): Promise<Set<string>> {
  known ??= import('./bd-routing-numbers.json', { with: { type: 'json' } }).then(
    ({ default: byBank }) => new Set(Object.values(byBank as Record<string, string[]>).flat()),
  );
  return known;
}

/**
 * A bank account's routing number must name a branch in Bangladesh Bank's list (R-PAYOUT-FILES), or the
 * BEFTN file would carry a transfer the bank returns: 400 on the field, before anything is saved.
 */
export async function checkRoutingNumber(method: PayoutMethod): Promise<void> {
  if (method.kind !== 'bank' || method.routingNumber === undefined) return;
  if (!(await routingNumbers()).has(method.routingNumber))
    throw badRequest(PAYOUT_FILE_MESSAGES.unknownRouting, { 'payoutMethod.routingNumber': PAYOUT_FILE_MESSAGES.unknownRouting });
}
