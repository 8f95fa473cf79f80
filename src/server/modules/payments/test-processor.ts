import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { cardDigits, REFUSING_TEST_CARDS } from '#shared/payment.ts';
import type { PaymentProvider } from './provider.ts';
import { findIntent } from './repository.ts';

export interface CardRefusal {
  code: string;
  message: string;
}

const REFUSALS = new Map<string, CardRefusal>(
  REFUSING_TEST_CARDS.map(({ number, code, message }) => [cardDigits(number), { code, message }]),
);

/** What the card's bank says: a refusal for the listed test cards; any other valid number pays. */
export function cardRefusal(digits: string): CardRefusal | undefined {
  return REFUSALS.get(digits);
}

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The built-in offline processor. Its payments live in the payment_intents table: ids look like
 * Stripe's (pi_…), and a client secret is unguessable and opens exactly one order's payment.
 */
export function createTestProcessor(db: Database): PaymentProvider {
  return {
    name: 'test',
    async startPayment() {
      const id = `pi_${randomId(12)}`;
      return { id, clientSecret: `${id}_secret_${randomId(24)}`, status: 'requires_payment_method' };
    },
    // A test charge pays its order in the same transaction, and the intent row goes with a cancelled
    // order, so there is never a pending charge to stop.
    async releasePayment() {
      return 'released';
    },
    async findPayment(id) {
      const intent = await findIntent(db, id, 'test');
      return intent
        ? {
            id: intent.id,
            status: intent.status,
            amountCents: intent.amountCents,
            currency: intent.currency,
            orderId: intent.orderId,
          }
        : undefined;
    },
  };
}
