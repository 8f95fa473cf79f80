import { describe, expect, it } from 'vitest';
import { controlCharacterPath } from './text-field.ts';

describe('controlCharacterPath (R-TEXT)', () => {
  it('names the first string or key with a control character, in the order of the body', () => {
    expect(controlCharacterPath({ a: 'fine', b: ['ok', { c: 'x\u0000' }], d: '\u0007' })).toEqual(['b', '1', 'c']);
    expect(controlCharacterPath({ a: { 'k\u0001': 'fine' } })).toEqual(['a', 'k\u0001']);
    expect(controlCharacterPath('\u001b[31m')).toEqual([]);
    expect(controlCharacterPath({ text: 'tabs\tand\nlines\r' })).toBeUndefined();
  });

  it('walks a body nested 200,000 levels without running out of stack', () => {
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 200_000; level++) deep = level % 2 ? [deep] : { k: deep };
    const path = controlCharacterPath(deep);
    expect(path).toHaveLength(200_000);
    expect(path?.slice(0, 2)).toEqual(['0', 'k']);
  });
});
