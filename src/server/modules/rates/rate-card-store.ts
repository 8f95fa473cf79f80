import { readFileSync } from 'node:fs';
import { desc } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { rateCards } from '#server/db/schema.ts';
import type { RateCard } from './rate-card.ts';
import { readRateCard } from './rate-card-csv.ts';

// Public file of the rates module: the rate cards in force, which app.ts makes and bookings (consignments) read.

/** The card the shop ships with, in force until an admin imports one (R-RATE-CARD). */
export const DEFAULT_RATE_CARD: RateCard = readRateCard(
  readFileSync(new URL('./default-rate-card.csv', import.meta.url), 'utf8'),
);

/** A rate card and the import it came from; `id` null for the card the shop ships with. */
export interface RateCardInForce {
  id: number | null;
  card: RateCard;
}

/** How long a quote may use the card it read last: another instance's import reaches its quotes this much later. */
const QUOTE_CARD_KEPT_MS = 5_000;

/**
 * The rate cards (R-RATE-CARD): the newest import is in force. Quotes read it from memory, read again
 * every few seconds; a booking reads it in its own transaction, so the fee it keeps is the card's in force.
 */
export class RateCards {
  #kept: { card: RateCardInForce; until: number } | undefined;

  constructor(private readonly db: Database) {}

  async inForce(handle: Database | Transaction = this.db): Promise<RateCardInForce> {
    const [newest] = await handle.select().from(rateCards).orderBy(desc(rateCards.id)).limit(1);
    return newest ? { id: newest.id, card: newest.card as RateCard } : { id: null, card: DEFAULT_RATE_CARD };
  }

  /** The card quotes use: the one in force, as read at most a few seconds ago. */
  async forQuotes(now = Date.now()): Promise<RateCardInForce> {
    if (!this.#kept || this.#kept.until <= now) this.#kept = { card: await this.inForce(), until: now + QUOTE_CARD_KEPT_MS };
    return this.#kept.card;
  }

  /** Puts an imported card in force, at once for this instance's quotes. */
  async importCard(card: RateCard, importedBy: string): Promise<RateCardInForce> {
    const [saved] = await this.db.insert(rateCards).values({ card, importedBy }).returning({ id: rateCards.id });
    const inForce = { id: saved?.id ?? null, card };
    this.#kept = { card: inForce, until: Date.now() + QUOTE_CARD_KEPT_MS };
    return inForce;
  }
}
