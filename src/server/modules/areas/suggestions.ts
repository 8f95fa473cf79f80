import { typosAllowed, typosBetween } from '#server/search/typo-tolerance.ts';
import type { Area, CoverageSuggestion, PlaceBelow } from '#shared/area.ts';
import { LIMITS } from '#shared/limits.ts';
import below from './places.json' with { type: 'json' };
import { AREAS } from './places.ts';

// The compile script (scripts/areas/compile-places.mjs) writes these rows; JSON types them loosely.
/*
 * The address form's suggestions (R-COVERAGE, decision 158): the areas and the places below them that
 * people write — a big city's neighbourhood, a post office, a union — each with the area that prices it.
 * Built once when the module loads (about 6,500 names); a search reads this index and allocates little.
 */

/** Lower case, letters and digits between single spaces, Bangla digits as 0-9, "Mirpur10" as "mirpur 10". */
export function plainWords(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6))
      // ঙ্গ and ংগ are two spellings of one sound (টঙ্গী, টংগী).
      .replace(/ঙ্গ/g, 'ংগ')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
      .replace(/(\p{L}\p{M}*)(\d)/gu, '$1 $2')
      .replace(/(\d)(\p{L})/gu, '$1 $2')
      .trim()
  );
}

/**
 * An English name as it sounds, so that transliterations meet: "Bosundhora" and "Bashundhara",
 * "Gulshon" and "Gulshan", "Keranigonj" and "Keraniganj" fold alike (Bangla names are left as they are).
 */
function sounds(plain: string): string {
  return plain
    .replace(/[^a-z0-9]/g, '')
    .replace(/gonj|gunj/g, 'ganj')
    .replace(/(.)\1/g, '$1')
    .replace(/([bdgkpt])h/g, '$1')
    .replace(/sh/g, 's')
    .replace(/ou|oo|u/g, 'o')
    .replace(/[wv]/g, 'b')
    .replace(/[zy]/g, 'j')
    .replace(/ee|i/g, 'e')
    .replace(/a/g, 'o')
    .replace(/(.)\1/g, '$1');
}

/** "Sadar" (the district's headquarters upazila) names nothing on its own: it is never what was searched for. */
const SADAR = new Set(['sadar', 'সদর']);

/** A place's kind, bigger first: an area before a neighbourhood, a post office, a union of the same name. */
const KIND_ORDER = { area: 0, neighbourhood: 1, 'post-office': 2, union: 3 } as const;

type Entry = {
  area: Area;
  place: PlaceBelow | undefined;
  order: number;
  /** In a big city (a city thana, or a neighbourhood of one): before namesakes elsewhere. */
  city: boolean;
  names: string[];
  /** The names' words other than "Sadar", where a word's beginning is matched and a typo forgiven. */
  words: string[];
  sound: string;
};

const areaById = new Map(AREAS.map((area) => [area.id, area]));
const entries: Entry[] = [];
function add(area: Area, place: PlaceBelow | undefined) {
  const en = plainWords(place?.name ?? area.name);
  const bn = plainWords(place?.nameBn ?? area.nameBn);
  const names = en === bn ? [en] : [en, bn];
  entries.push({
    area,
    place,
    order: KIND_ORDER[place?.kind ?? 'area'],
    city: area.city,
    names,
    words: [...new Set(names.flatMap((name) => name.split(' ')))].filter((word) => !SADAR.has(word)),
    sound: sounds(en),
  });
}
for (const area of AREAS) add(area, undefined);
const ofArea = <T>(byArea: Record<string, T[]>, place: (row: T) => PlaceBelow) => {
  for (const [id, rows] of Object.entries(byArea)) {
    const area = areaById.get(id);
    if (!area) throw new Error(`places.json names no area ${id}`);
    for (const row of rows) add(area, place(row));
  }
};
ofArea(below.neighbourhoods as unknown as Record<string, [string, string, number?][]>, ([name, nameBn, postcode]) => ({
  kind: 'neighbourhood',
  name,
  nameBn,
  ...(postcode ? { postcode } : {}),
}));
ofArea(below.postOffices as unknown as Record<string, [string, number][]>, ([name, postcode]) => ({
  kind: 'post-office',
  name,
  nameBn: name,
  postcode,
}));
ofArea(below.unions as unknown as Record<string, [string, string][]>, ([name, nameBn]) => ({ kind: 'union', name, nameBn }));

/** Every way a district is written, to read "Agrabad, Chittagong" as Agrabad within Chattogram. */
const DISTRICT_SPELLINGS: Record<string, string> = {
  chittagong: 'chattogram',
  ctg: 'chattogram',
  comilla: 'cumilla',
  barishal: 'barisal',
  jessore: 'jashore',
  bogra: 'bogura',
  'coxs bazar': 'coxsbazar',
  'cox s bazar': 'coxsbazar',
  'cox bazar': 'coxsbazar',
  maulvibazar: 'moulvibazar',
  'chapai nawabganj': 'chapainawabganj',
  jhalokati: 'jhalakathi',
  netrakona: 'netrokona',
  khagrachari: 'khagrachhari',
};
const districtByName = new Map<string, string>(Object.entries(DISTRICT_SPELLINGS));
for (const area of AREAS)
  for (const name of [area.district.name, area.district.nameBn]) districtByName.set(plainWords(name), area.district.id);

/** What was typed, without a trailing district ("…, Dhaka"), a postcode ("Dhaka-1229") or a country. */
function readTyped(typed: string): { words: string[]; district: string | undefined } {
  let words = plainWords(typed)
    .split(' ')
    .filter((word) => word !== '' && !/^\p{L}$/u.test(word));
  const last = words.at(-1);
  if (words.length > 1 && last && /^\d{4}$/.test(last)) words = words.slice(0, -1);
  if (words.length > 1 && ['bangladesh', 'বাংলাদেশ'].includes(words.at(-1) ?? '')) words = words.slice(0, -1);
  for (const size of [2, 1]) {
    if (words.length <= size) continue;
    const district = districtByName.get(words.slice(-size).join(' '));
    if (district) return { words: words.slice(0, -size), district };
  }
  return { words, district: undefined };
}

/**
 * How well an entry answers a text (`Found.closeness`): 0 its name itself, 1 its beginning, 2 a later
 * word's beginning, 3 sounding alike (3.5 a little longer), 4 a typo in the whole name, 4.5 in its
 * beginning; 1.5 is a district's area (`districtAreas`). Names, later words and sounds are kept sorted,
 * so a text finds the ones it begins by halving instead of walking all 6,500.
 */
type Key = { key: string; entry: Entry };

/** Keys sorted as strings compare, so that the keys a text begins are one run found by halving. */
function sortedKeys(keysOf: (entry: Entry) => string[]): Key[] {
  return entries
    .flatMap((entry) => [...new Set(keysOf(entry))].map((key) => ({ key, entry })))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
/** Every name; every name from each later word on ("sector 7" of "uttara sector 7"); every English name's sound. */
const NAMES = sortedKeys((entry) => entry.names);
const LATER = sortedKeys((entry) =>
  entry.names.flatMap((name) => [...name.matchAll(/ /g)].map((space) => name.slice((space.index as number) + 1))),
);
const SOUNDS = sortedKeys((entry) => (entry.sound ? [entry.sound] : []));

/** The keys that begin with `text`. */
function* beginningWith(keys: Key[], text: string): Generator<Key> {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] as Key).key < text) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < keys.length && (keys[at] as Key).key.startsWith(text); at++) yield keys[at] as Key;
}

/** The letters of a text as 32 bits (a letter's code modulo 32): a quick test of what a word lacks. */
function lettersOf(text: string): number {
  let mask = 0;
  for (let at = 0; at < text.length; at++) mask |= 1 << (text.charCodeAt(at) & 31);
  return mask;
}
/**
 * Every word of every name but "Sadar", with the entries that have it: a typo is measured once a word,
 * and only against words lacking at most as many of the typed letters as typos are forgiven (each typo
 * takes away at most one letter).
 */
const byWord = new Map<string, Entry[]>();
for (const entry of entries)
  for (const word of entry.words) {
    const known = byWord.get(word);
    if (known) known.push(entry);
    else byWord.set(word, [entry]);
  }
const WORDS = [...byWord.keys()];
const WORD_ENTRIES = WORDS.map((word) => byWord.get(word) as Entry[]);
/*
 * Which words may be near a typed text, for all words at once (decision 166, amending 158): one bit per
 * word in each set, 32 words a number, so a search asks a few hundred numbers instead of walking the
 * 9,400 words. The test is the one a walk made (long enough, and the beginning as long as the text may be
 * lacking at most as many of the typed letters as typos are forgiven); the typo is then measured only for
 * the words left, in the same order, so every answer is the same.
 */
const SETS = Math.ceil(WORDS.length / 32);
const LONGEST_WORD = WORDS.reduce((longest, word) => Math.max(longest, word.length), 0);
/** Puts word `index` in `set`. */
const addWord = (set: Uint32Array, index: number) => {
  set[index >>> 5] = (set[index >>> 5] as number) | (1 << (index & 31));
};
/** AT_LEAST[n]: the words of at least n letters. */
const AT_LEAST = Array.from({ length: LONGEST_WORD + 1 }, (_, letters) => {
  const set = new Uint32Array(SETS);
  for (const [index, word] of WORDS.entries()) if (word.length >= letters) addWord(set, index);
  return set;
});
/** For a beginning's length, the words whose beginning so long has each letter (a letter's code modulo 32); made when first asked. */
const withLetters = new Map<number, Uint32Array[]>();
function wordsWithLetters(beginning: number): Uint32Array[] {
  const length = Math.min(beginning, LONGEST_WORD);
  let sets = withLetters.get(length);
  if (!sets) {
    const made = Array.from({ length: 32 }, () => new Uint32Array(SETS));
    for (const [index, word] of WORDS.entries())
      for (let letter = 0; letter < Math.min(word.length, length); letter++)
        addWord(made[word.charCodeAt(letter) & 31] as Uint32Array, index);
    withLetters.set(length, made);
    sets = made;
  }
  return sets;
}

/** A letter pair's class (of 256): two letters side by side, the test a typo leaves mostly standing. */
const pairOf = (text: string, at: number) => ((text.charCodeAt(at) * 31 + text.charCodeAt(at + 1)) & 255) >>> 0;
/** WITH_PAIR[class]: the words having a letter pair of that class anywhere. */
const WITH_PAIR = Array.from({ length: 256 }, () => new Uint32Array(SETS));
for (const [index, word] of WORDS.entries())
  for (let letter = 0; letter + 1 < word.length; letter++) addWord(WITH_PAIR[pairOf(word, letter)] as Uint32Array, index);

/**
 * Keeps in `lacking[most]` the words lacking at most `most` of the sets in `having`, one after another:
 * what lacked n - 1 and lacks this one now lacks n.
 */
function countLacking(lacking: Uint32Array[], having: Uint32Array) {
  for (let most = lacking.length - 1; most >= 0; most--) {
    const now = lacking[most] as Uint32Array;
    const fewer = most > 0 ? (lacking[most - 1] as Uint32Array) : undefined;
    for (let set = 0; set < SETS; set++)
      now[set] = ((now[set] as number) & (having[set] as number)) | (fewer ? (fewer[set] as number) : 0);
  }
}

type Found = { entry: Entry; closeness: number };

/** The indexes in WORDS (in order) of the words whose beginning is at most `typos` (1 or 2) from `text`. */
function wordsNear(text: string, typos: number): number[] {
  const typed = lettersOf(text);
  const letters = wordsWithLetters(text.length + typos);
  // lacking[n]: the words long enough that lack at most n of the typed letters seen so far.
  const longEnough = AT_LEAST[Math.max(text.length - typos, 0)] ?? new Uint32Array(SETS);
  const lacking = Array.from({ length: typos + 1 }, () => longEnough.slice());
  for (let letter = 0; letter < 32; letter++)
    if ((typed & (1 << letter)) !== 0) countLacking(lacking, letters[letter] as Uint32Array);
  // A typo breaks at most three letter pairs of the text (a swap: the pair swapped and its two neighbours), so
  // a near word lacks at most three per typo of the text's classes of pairs.
  const pairs = Array.from({ length: 3 * typos + 1 }, () => (lacking[typos] as Uint32Array).slice());
  const counted = new Set<number>();
  for (let letter = 0; letter + 1 < text.length; letter++) {
    const pair = pairOf(text, letter);
    if (counted.has(pair)) continue;
    counted.add(pair);
    countLacking(pairs, WITH_PAIR[pair] as Uint32Array);
  }
  const near: number[] = [];
  const left = pairs[3 * typos] as Uint32Array;
  for (let set = 0; set < SETS; set++)
    for (let bits = left[set] as number; bits !== 0; bits &= bits - 1) {
      const index = set * 32 + (31 - Math.clz32(bits & -bits));
      if (typosBetween(text, WORDS[index] as string, typos, true) <= typos) near.push(index);
    }
  return near;
}

/** The entries (within `district` when given) whose names answer `text`; sounds and typos only when `forgiving`. */
function matching(text: string, district: string | undefined, forgiving: boolean): Found[] {
  if (SADAR.has(text)) return [];
  const found = new Map<Entry, number>();
  const elsewhere = (entry: Entry) => (district && entry.area.district.id !== district) || found.has(entry);
  const closer = (entry: Entry, close: number) => {
    if (district && entry.area.district.id !== district) return;
    if (close < (found.get(entry) ?? Number.POSITIVE_INFINITY)) found.set(entry, close);
  };
  if (!forgiving) {
    // The name itself (0) or its beginning (1); a later word's beginning (2), "Sadar" alone never asked for.
    for (const { key, entry } of beginningWith(NAMES, text)) closer(entry, key === text ? 0 : 1);
    if (text.length >= 3) for (const { entry } of beginningWith(LATER, text)) closer(entry, 2);
  }
  // The forgiving pass comes after an exact one over the same texts, which found nothing: sounds and typos are new.
  const textSound = forgiving && /^[a-z0-9 ]+$/.test(text) ? sounds(text) : '';
  if (textSound.length >= 4)
    // Sounding alike as a whole (3, or 3.5 a little longer), not as the beginning of a longer name ("Savar" is not "Subarnachar").
    for (const { key, entry } of beginningWith(SOUNDS, textSound))
      if (key.length - textSound.length <= 2) closer(entry, key === textSound ? 3 : 3.5);
  const typos = forgiving ? typosAllowed(text) : 0;
  if (typos === 0) return [...found].map(([entry, close]) => ({ entry, closeness: close }));
  if (!text.includes(' '))
    for (const index of wordsNear(text, typos)) {
      const word = WORDS[index] as string;
      const whole = typosBetween(text, word, typos, false) <= typos;
      for (const entry of WORD_ENTRIES[index] as Entry[])
        if (!elsewhere(entry)) found.set(entry, whole && entry.names.includes(word) ? 4 : 4.5);
    }
  else {
    // A few words: against the whole names of the entries that have a word near the longest typed one.
    const longestWord = text.split(' ').reduce((longest, word) => (word.length > longest.length ? word : longest));
    for (const index of wordsNear(longestWord, typos))
      for (const entry of WORD_ENTRIES[index] as Entry[])
        if (!elsewhere(entry))
          for (const name of entry.names)
            if (typosBetween(text, name, typos, true) <= typos)
              found.set(entry, typosBetween(text, name, typos, false) <= typos ? 4 : 4.5);
  }
  return [...found].map(([entry, close]) => ({ entry, closeness: close }));
}

/** Its own name, then a later word's beginning, then sounding alike or a typo. */
const GROUP = [0, 0, 1, 2, 2];

/**
 * Within a group, how far down a place goes: a bigger place before a smaller (an area, a neighbourhood, a
 * post office, a union), a big city's before its namesakes elsewhere, and the name itself before a name
 * it begins ("Tongi" before "Tongibari", but the Mirpur 1 neighbourhood before a union named Mirpur).
 */
const weight = ({ entry, closeness }: Found) => (BEGUN[closeness] ?? 0) + entry.order - (entry.city ? 0.5 : 0);
/** What a name only begun weighs: begun (1), a district's area (1.5, after names begun), sounding or typed like a beginning (3.5, 4.5). */
const BEGUN: Record<number, number> = { 1: 1.5, 1.5: 1.6, 3.5: 1.5, 4.5: 1.5 };

/** One collator for every comparison: `localeCompare` with options makes one each call. */
const byName = new Intl.Collator('en', { numeric: true });

const best = (a: Found, b: Found) =>
  (GROUP[Math.floor(a.closeness)] as number) - (GROUP[Math.floor(b.closeness)] as number) ||
  weight(a) - weight(b) ||
  a.closeness - b.closeness ||
  byName.compare(a.entry.names[0] as string, b.entry.names[0] as string) ||
  byName.compare(a.entry.area.name, b.entry.area.name);

/** The most words of an address read: its last ones, the general part of "House 12, Road 5, Block C, Bashundhara". */
const MOST_WORDS = 6;

/**
 * An address as people write it ("House 12, Road 5, Block C, Bashundhara R/A"): its longest run of words
 * that answers, the whole first; then the same forgiving typos, in runs of at most three words.
 */
function search(words: string[], district: string | undefined): Found[] {
  const read = words.slice(-MOST_WORDS);
  for (const forgiving of [false, true])
    for (let size = Math.min(read.length, forgiving ? 3 : MOST_WORDS); size >= 1; size--) {
      const found: Found[] = [];
      for (let start = 0; start + size <= read.length; start++) {
        const text = read.slice(start, start + size).join(' ');
        if (text.length >= 3 || read.length === 1) found.push(...matching(text, district, forgiving));
      }
      if (found.length > 0) return found;
    }
  return [];
}

/** A district's areas, for its name typed alone ("Sylhet"): after the places whose own names begin so. */
function districtAreas(district: string): Found[] {
  return entries
    .filter((entry) => entry.place === undefined && entry.area.district.id === district)
    .map((entry) => ({ entry, closeness: 1.5 }));
}

/**
 * `GET /api/coverage`: the places whose names answer `typed`, English or Bangla, best first (decision 158),
 * each with the area that prices it; a postcode finds its post offices. A place named as its own area
 * ("Savar" post office in Savar) is that area's suggestion already and is not repeated.
 */
export function suggestPlaces(typed: string): CoverageSuggestion[] {
  const key = plainWords(typed);
  const kept = answered.get(key);
  if (kept) {
    // Used again: the newest, so the oldest unused goes first.
    answered.delete(key);
    answered.set(key, kept);
    return kept;
  }
  const suggestions = suggestionsFor(typed);
  answered.set(key, suggestions);
  if (answered.size > KEPT_ANSWERS) answered.delete(answered.keys().next().value as string);
  return suggestions;
}

/**
 * The answers of the last searches, least recently used dropped first: the field asks on every key
 * press, and many people type the same beginnings ("mir", "mirp", "mirpu"). Bounded: at most this many
 * answers of at most ten suggestions, each sharing the areas' objects.
 */
const KEPT_ANSWERS = 5000;
const answered = new Map<string, CoverageSuggestion[]>();

function suggestionsFor(typed: string): CoverageSuggestion[] {
  const { words, district } = readTyped(typed);
  const text = words.join(' ');
  let found: Found[];
  if (/^\d{4}$/.test(text))
    // A postcode: its post offices, then the neighbourhoods that write it.
    found = entries
      .filter((entry) => entry.place?.postcode === Number(text))
      .map((entry) => ({ entry, closeness: entry.place?.kind === 'post-office' ? 0 : 2 }));
  else {
    found = district ? search(words, district) : [];
    if (found.length === 0) found = search(words, undefined);
    const named = districtByName.get(text);
    if (named && !district) found.push(...districtAreas(named));
  }
  found.sort(best);
  const shown = new Set<string>();
  const suggestions: CoverageSuggestion[] = [];
  for (const { entry } of found) {
    const key = `${entry.area.id}/${entry.names[0]}`;
    const sameAsArea = entry.place && entry.names[0] === plainWords(entry.area.name) && !/^\d{4}$/.test(text);
    if (shown.has(key) || sameAsArea) continue;
    shown.add(key);
    suggestions.push(entry.place ? { ...entry.area, place: entry.place } : entry.area);
    if (suggestions.length === LIMITS.placeSuggestions) break;
  }
  return suggestions;
}
