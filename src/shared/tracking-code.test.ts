import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACKING_MESSAGES, trackingCodeMessage } from './tracking.ts';
import { CROCKFORD, checkCharacter, readTrackingCode, TRACKING_PREFIX, trackingCodeProblem } from './tracking-code.ts';

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

  it('says a code of the right shape whose check fails has a typo, and anything else is not a code (issue 42)', () => {
    fc.assert(
      fc.property(bodies, fc.integer({ min: 0, max: 10 }), fc.constantFrom(...CROCKFORD), (body, at, other) => {
        const code = codeOf(body);
        expect(trackingCodeProblem(code)).toBeUndefined();
        expect(trackingCodeMessage(code.toLowerCase())).toBeUndefined();
        const index = TRACKING_PREFIX.length + at;
        if (code[index] === other) return;
        const typo = `${code.slice(0, index)}${other}${code.slice(index + 1)}`;
        expect(trackingCodeProblem(typo)).toBe('typo');
        expect(trackingCodeMessage(typo)).toBe(TRACKING_MESSAGES.typo);
      }),
    );
    for (const notACode of ['SC7K2M9XQ4TR', 'SC7K2M9XQ4TR88', 'XC7K2M9XQ4TR8', 'SC7K2M9XQ4TU8', '7K2M9XQ4TR8', ''])
      expect(trackingCodeMessage(notACode), notACode).toBe(TRACKING_MESSAGES.notACode);
  });
});
