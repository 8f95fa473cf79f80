import { wordsOf } from './search-text.ts';
import { typosAllowed, typosBetween } from './typo-tolerance.ts';

/** More typos than any search is allowed: the product does not match. */
export const NO_MATCH = 255;

/**
 * Every word of the catalogue's names and descriptions and which products hold it, for the search
 * that forgives typos (R-SEARCH, decision 51). Products are known by their slot in the catalogue.
 */
export class CatalogueWords {
  private readonly slotsOf = new Map<string, number[]>();

  constructor(
    texts: Iterable<{ slot: number; text: string }>,
    private readonly slotCount: number,
  ) {
    for (const { slot, text } of texts)
      for (const word of new Set(wordsOf(text))) {
        const slots = this.slotsOf.get(word);
        if (slots) slots.push(slot);
        else this.slotsOf.set(word, [slot]);
      }
  }

  /**
   * Per slot, the fewest typos with which every word of the search finds a word of that product, the
   * last word as the beginning of one (it may be half typed); NO_MATCH when some word finds none.
   * Undefined when the search has no word at all.
   */
  typos(search: string): Uint8Array | undefined {
    const typed = wordsOf(search);
    if (typed.length === 0) return undefined;
    const total = new Uint8Array(this.slotCount);
    for (const [index, word] of typed.entries()) {
      const fewest = this.fewestTypos(word, index === typed.length - 1);
      for (let slot = 0; slot < total.length; slot++)
        total[slot] = Math.min(NO_MATCH, (total[slot] as number) + (fewest[slot] as number));
    }
    return total;
  }

  private fewestTypos(typed: string, asPrefix: boolean): Uint8Array {
    const most = typosAllowed(typed);
    const fewest = new Uint8Array(this.slotCount).fill(NO_MATCH);
    for (const [word, slots] of this.slotsOf) {
      const exact = asPrefix ? word.startsWith(typed) : word === typed;
      const typos = exact ? 0 : most === 0 ? 1 : typosBetween(typed, word, most, asPrefix);
      if (typos > most) continue;
      for (const slot of slots) if (typos < (fewest[slot] as number)) fewest[slot] = typos;
    }
    return fewest;
  }
}
