/*
 * How many typos a search word may have and still find a word of a product (R-SEARCH, decision 51):
 * Meilisearch's and Typesense's defaults, where a typo is one letter left out, added, replaced, or
 * two neighbours swapped (the optimal string alignment distance, so "rotuer" is one typo from "router").
 */

/** Words of 5 to 8 characters forgive one typo, longer ones two; shorter ones must be typed right. */
export function typosAllowed(word: string): number {
  if (word.length >= 9) return 2;
  return word.length >= 5 ? 1 : 0;
}

/**
 * A quick necessary test, since most words of a catalogue are far from what is typed: with at most
 * `most` typos, one of the first `most + 1` typed letters is left as it is, and lands within the
 * word's first `2 * most + 1` letters.
 */
function mayBeClose(typed: string, word: string, most: number): boolean {
  for (let i = 0; i <= most && i < typed.length; i++)
    for (let j = 0; j <= 2 * most && j < word.length; j++) if (typed[i] === word[j]) return true;
  return typed.length <= most;
}

/** Rows kept between calls: a search compares its words with thousands of the catalogue's. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
function rowsFor(columns: number): [Int32Array, Int32Array, Int32Array] {
  if (rows[0].length <= columns) rows = [new Int32Array(columns + 1), new Int32Array(columns + 1), new Int32Array(columns + 1)];
  return [rows[0], rows[1], rows[2]];
}

/**
 * The typos between `typed` and `word` (both lower-cased), or `most + 1` when there are more than
 * `most`. With `asPrefix`, between `typed` and the closest beginning of `word`: the last word of a
 * search may be only partly typed.
 */
export function typosBetween(typed: string, word: string, most: number, asPrefix: boolean): number {
  const columns = asPrefix ? Math.min(word.length, typed.length + most) : word.length;
  if (asPrefix ? columns < typed.length - most : Math.abs(columns - typed.length) > most) return most + 1;
  if (!mayBeClose(typed, word, most)) return most + 1;
  // Three rows of the distance table: two rows up (for a swap), the row above and this one.
  let [twoUp, above, row] = rowsFor(columns);
  for (let column = 0; column <= columns; column++) above[column] = column;
  for (let i = 1; i <= typed.length; i++) {
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= columns; j++) {
      const replaced = (above[j - 1] as number) + (typed[i - 1] === word[j - 1] ? 0 : 1);
      let typos = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, replaced);
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1])
        typos = Math.min(typos, (twoUp[j - 2] as number) + 1);
      row[j] = typos;
      smallest = Math.min(smallest, typos);
    }
    // No later row can fall below this one's smallest: a swap costs at least what a replacement did.
    if (smallest > most) return most + 1;
    [twoUp, above, row] = [above, row, twoUp];
  }
  const typos = asPrefix ? Math.min(...above.subarray(0, columns + 1)) : (above[columns] as number);
  return Math.min(typos, most + 1);
}
