/*
 * The catalogue's text matching (R-SEARCH) as PostgreSQL computes it, for the in-memory catalogue
 * (decision 35): `ILIKE '%text%'` on name and description, and pg_trgm's `text <% name`. Both databases
 * run with a UTF-8 ctype (C.UTF-8), so letters of every script are word characters and lower-case
 * one code point at a time; tests/integration/catalogue-search-equivalence.test.ts compares every
 * function here with PostgreSQL and PGlite over thousands of names and searches.
 */

/** Lower case as PostgreSQL's lower() and ILIKE do it: code point by code point, never "İ" into two. */
export function lowerLikePostgres(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, where one call is exact
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  let lowered = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    lowered += [...lower].length === 1 ? lower : character === 'İ' ? 'i' : character;
  }
  return lowered;
}

/** pg_trgm's words: runs of letters and digits (iswalnum); everything else separates them. */
const WORD = /[\p{L}\p{N}]+/gu;

/** A text's words in order, lower-cased, as pg_trgm cuts them. */
export const wordsOf = (text: string): string[] => Array.from(text.matchAll(WORD), ([word]) => lowerLikePostgres(word));

/**
 * A text's trigrams in order, repeats kept, as pg_trgm's generate_trgm_only makes them: each word
 * lower-cased, padded with two spaces before and one after, cut into every run of three characters.
 */
export function trigramsOf(text: string): string[] {
  const trigrams: string[] = [];
  for (const word of wordsOf(text)) {
    const padded = [...`  ${word} `];
    for (let start = 0; start + 3 <= padded.length; start++) trigrams.push(padded.slice(start, start + 3).join(''));
  }
  return trigrams;
}

/** pg_trgm's CALCSML in single precision, as the C code computes and compares it. */
const similarity = (shared: number, searchCount: number, extentCount: number) =>
  Math.fround(shared / (searchCount + extentCount - shared));

/**
 * `search <% name` with `pg_trgm.word_similarity_threshold = threshold`: whether some run of the name's
 * trigrams is that similar to the search's trigrams. A line-by-line port of pg_trgm's
 * iterate_word_similarity (trgm_op.c, plain word similarity, WORD_SIMILARITY_CHECK_ONLY), including
 * its greedy choice of the run's start, so it answers exactly what the database answers.
 * `nameTrigrams` are numbers (one per distinct trigram); `searchTrigrams` the search's distinct ones.
 */
export function hasSimilarWord(searchTrigrams: ReadonlySet<number>, nameTrigrams: ArrayLike<number>, threshold: number): boolean {
  const searchCount = searchTrigrams.size;
  const lastSeen = new Map<number, number>();
  let lower = -1;
  let extentCount = 0;
  let shared = 0;
  let best = 0;
  for (let upper = 0; upper < nameTrigrams.length; upper++) {
    const trigram = nameTrigrams[upper] as number;
    const inSearch = searchTrigrams.has(trigram);
    if (lower >= 0 || inSearch) {
      if (!lastSeen.has(trigram)) {
        extentCount++;
        if (inSearch) shared++;
      }
      lastSeen.set(trigram, upper);
    }
    if (!inSearch) continue;
    if (lower === -1) {
      lower = upper;
      extentCount = 1;
    }
    let current = similarity(shared, searchCount, extentCount);
    // Moving the run's start right may raise the similarity: the first trigrams may match nothing.
    let trialShared = shared;
    let trialCount = extentCount;
    const previousLower = lower;
    for (let trialLower = lower; trialLower <= upper; trialLower++) {
      const trial = similarity(trialShared, searchCount, trialCount);
      if (trial > current) {
        current = trial;
        extentCount = trialCount;
        lower = trialLower;
        shared = trialShared;
      }
      if (current >= threshold) break;
      const left = nameTrigrams[trialLower] as number;
      if (lastSeen.get(left) === trialLower) {
        trialCount--;
        if (searchTrigrams.has(left)) trialShared--;
      }
    }
    best = Math.max(best, current);
    if (best >= threshold) return true;
    for (let dropped = previousLower; dropped < lower; dropped++) {
      const left = nameTrigrams[dropped] as number;
      if (lastSeen.get(left) === dropped) lastSeen.delete(left);
    }
  }
  return false;
}
