import { typosAllowed, typosBetween } from '#server/search/typo-tolerance.ts';
import { wordsOf } from './search-text.ts';

/** More typos than any search is allowed: the product does not match. */
export const NO_MATCH = 255;

/**
 * Every word of the catalogue's names and descriptions and which products hold it, for the search
 * that forgives typos (R-SEARCH, decision 51). Products are known by their slot in the catalogue.
 */
export class CatalogueWords {
  /** Each word once, and beside it the slots of the products holding it: arrays a search walks by index. */
  private readonly words: string[] = [];
  private readonly slotsOf: number[][] = [];

  constructor(
    texts: Iterable<{ slot: number; text: string }>,
    private readonly slotCount: number,
  ) {
    const indexOf = new Map<string, number>();
    for (const { slot, text } of texts)
      for (const word of new Set(wordsOf(text))) {
        const index = indexOf.get(word);
        if (index !== undefined) (this.slotsOf[index] as number[]).push(slot);
        else {
          indexOf.set(word, this.words.length);
          this.words.push(word);
          this.slotsOf.push([slot]);
        }
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
    for (let index = 0; index < typed.length; index++) {
      const fewest = this.fewestTypos(typed[index] as string, index === typed.length - 1);
      for (let slot = 0; slot < total.length; slot++) {
        const sum = (total[slot] as number) + (fewest[slot] as number);
        total[slot] = Math.min(sum, NO_MATCH);
      }
    }
    return total;
  }

  private fewestTypos(typed: string, asPrefix: boolean): Uint8Array {
    const most = typosAllowed(typed);
    const fewest = new Uint8Array(this.slotCount).fill(NO_MATCH);
    for (let index = 0; index < this.words.length; index++) {
      const word = this.words[index] as string;
      const exact = asPrefix ? word.startsWith(typed) : word === typed;
      const typos = exact ? 0 : most === 0 ? 1 : typosBetween(typed, word, most, asPrefix);
      if (typos > most) continue;
      const slots = this.slotsOf[index] as number[];
      for (let at = 0; at < slots.length; at++) {
        const slot = slots[at] as number;
        if (typos < (fewest[slot] as number)) fewest[slot] = typos;
      }
    }
    return fewest;
  }
}
