import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('nestsDeeperThan (R-BOUNDS)', () => {
  it.each([
    ['{}', 1, false],
    ['{}', 0, true],
    ['[[1],[2]]', 2, false],
    ['{"a":[{"b":1}]}', 2, true],
    ['"[[[[[[["', 1, false],
    ['{"a":"\\"[[[["}', 1, false],
    ['{"a":"\\\\"}[[', 1, true],
    ['{"a":"é[[[☃"}', 1, false],
  ])('%s within %i: too deep is %s, as text and as bytes', (json, limit, tooDeep) => {
    expect(nestsDeeperThan(json, limit)).toBe(tooDeep);
    expect(nestsDeeperThan(bytes(json), limit)).toBe(tooDeep);
  });

  it('reads 10 MB of brackets in one pass', () => {
    expect(nestsDeeperThan('['.repeat(10_000_000), 32)).toBe(true);
    expect(nestsDeeperThan(`"${'['.repeat(10_000_000)}"`, 32)).toBe(false);
  });
});
