// Without zod, unlike payment.ts: the list of error codes every page loads is built from these (issue 10's budgets).

/** The card the test processor's page suggests; it always succeeds. */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/**
 * The test processor's refusing cards, as a card provider's test mode knows them, with the provider's
 * own words. Any other number that passes the checksum pays.
 */
export const REFUSING_TEST_CARDS = [
  { number: '4000 0000 0000 0002', code: 'card_declined', message: /*i18n*/ 'Your card was declined.' },
  { number: '4000 0000 0000 9995', code: 'insufficient_funds', message: /*i18n*/ 'Your card has insufficient funds.' },
  { number: '4000 0000 0000 0069', code: 'expired_card', message: /*i18n*/ 'Your card has expired.' },
  { number: '4000 0000 0000 0127', code: 'incorrect_cvc', message: /*i18n*/ "Your card's security code is incorrect." },
] as const;
