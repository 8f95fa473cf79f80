import type { Wallet } from '#shared/merchant.ts';

/** The wallets' own names, in the page's language through the catalogue. */
export const WALLET_NAMES: Record<Wallet, string> = {
  bkash: /*i18n*/ 'bKash',
  nagad: /*i18n*/ 'Nagad',
  rocket: /*i18n*/ 'Rocket',
};
