import { readFileSync } from 'node:fs';
import { desc } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { rateCards } from '#server/db/schema.ts';
import type { RateCard } from './rate-card.ts';
import { readRateCard } from './rate-card-csv.ts';

// Public file of the rates module: the rate cards in force, which app.ts makes and bookings (consignments) read.

/** The card the shop ships with, in force until an admin imports one (R-RATE-CARD). */
export const DEFAULT_RATE_CARD: RateCard = readRateCard(readFileSync(new URL('./default-rate-card.csv', import.meta.url)));

/** A rate card and the import it came from; `id` null for the card the shop ships with. */
export interface RateCardInForce {
  id: number | null;
  card: RateCard;
}

/**
 * The rate cards (R-RATE-CARD): the newest import is in force. A quote reads it when its answer is not
 * kept (the public reads drop every kept quote on an import, on every instance); a booking reads it in
 * its own transaction, so the fee it keeps is the card's in force.
 */
export class RateCards {
  constructor(private readonly db: Database) {}

  async inForce(handle: Database | Transaction = this.db): Promise<RateCardInForce> {
    const [newest] = await handle.select().from(rateCards).orderBy(desc(rateCards.id)).limit(1);
    return newest ? { id: newest.id, card: newest.card as RateCard } : { id: null, card: DEFAULT_RATE_CARD };
  }

  /** Puts an imported card in force. */
  async importCard(card: RateCard, importedBy: string): Promise<RateCardInForce> {
    const [saved] = await this.db.insert(rateCards).values({ card, importedBy }).returning({ id: rateCards.id });
    return { id: saved?.id ?? null, card };
  }
}
