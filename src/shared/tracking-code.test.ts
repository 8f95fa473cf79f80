import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROCKFORD, checkCharacter, readTrackingCode, TRACKING_PREFIX } from './tracking-code.ts';

const bodies = fc.string({ unit: fc.constantFrom(...CROCKFORD), minLength: 10, maxLength: 10 });
const codeOf = (body: string) => `${TRACKING_PREFIX}${body}${checkCharacter(body)}`;

describe('tracking codes (R-TRACKING-CODE)', () => {
  it('reads a code as people type it: lower case, spaces, dashes, o for zero, i and l for one', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        const code = codeOf(body);
        expect(readTrackingCode(code)).toBe(code);
        const typed = `${code.slice(0, 6)} - ${code.slice(6)}`.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
        expect(readTrackingCode(typed)).toBe(code);
      }),
    );
  });

  it('refuses any code with one character changed, or two neighbours swapped', () => {
    fc.assert(
      fc.property(bodies, fc.integer({ min: 0, max: 10 }), fc.constantFrom(...CROCKFORD), (body, at, other) => {
        const code = codeOf(body);
        const index = TRACKING_PREFIX.length + at;
        if (code[index] !== other)
          expect(readTrackingCode(`${code.slice(0, index)}${other}${code.slice(index + 1)}`)).toBeUndefined();
        const swapAt = TRACKING_PREFIX.length + Math.min(at, 9);
        const [a, b] = [code[swapAt], code[swapAt + 1]];
        if (a !== b) expect(readTrackingCode(`${code.slice(0, swapAt)}${b}${a}${code.slice(swapAt + 2)}`)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });
});
