import type { I18n } from '@lingui/core';
import type { PayoutAccount } from '#shared/merchant.ts';
import { WALLET_NAMES } from './wallet-names.ts';

/** Where a merchant is paid, in a line: "bKash: 01711000000", "BRAC Bank, Gulshan: Asha Gadgets, 1501203844110001". */
export function payoutAccountText(account: PayoutAccount, i18n: I18n): string {
  return account.kind === 'bank'
    ? `${account.bankName}, ${account.branch}: ${account.accountName}, ${account.accountNumber}`
    : `${i18n._(WALLET_NAMES[account.wallet])}: ${account.number}`;
}
