import { describe, expect, it } from 'vitest';
import { typosAllowed, typosBetween } from './typo-tolerance.ts';

describe('typos between a typed word and a word of a product (decision 51)', () => {
  it('counts a swap of two neighbours, a letter left out, added or replaced as one typo each', () => {
    expect(typosBetween('rotuer', 'router', 2, false)).toBe(1);
    expect(typosBetween('aerbook', 'aerobook', 2, false)).toBe(1);
    expect(typosBetween('keyyboard', 'keyboard', 2, false)).toBe(1);
    expect(typosBetween('labtop', 'laptop', 2, false)).toBe(1);
    expect(typosBetween('hedaphnes', 'headphones', 2, false)).toBe(2);
    // Optimal string alignment: a swapped pair is not edited again.
    expect(typosBetween('ca', 'abc', 3, false)).toBe(3);
  });

  it('answers one more than the most allowed when there are more', () => {
    expect(typosBetween('rtouer', 'router', 1, false)).toBe(2);
    expect(typosBetween('mouse', 'keyboard', 2, false)).toBe(3);
  });

  it('compares a half-typed word with the closest beginning of the word', () => {
    expect(typosBetween('keyb', 'keyboard', 0, true)).toBe(0);
    expect(typosBetween('kebyo', 'keyboard', 1, true)).toBe(1);
    expect(typosBetween('keyboardd', 'keyboard', 2, true)).toBe(1);
    expect(typosBetween('keyboard', 'key', 2, true)).toBe(3);
  });

  it('forgives one typo from 5 letters and two from 9, as Meilisearch does', () => {
    expect(['mose', 'mouse', 'keyboard', 'headphone'].map(typosAllowed)).toEqual([0, 1, 1, 2]);
  });
});
