import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Joined, crc32Shift } from './crc32-combine.ts';

describe('the CRC-32 of joined runs from their own (decision 189)', () => {
  it('is the CRC-32 of the runs joined, for runs of every size a page has, empty ones too', () => {
    for (const [lengthA, lengthB] of [
      [0, 0],
      [0, 17],
      [1, 1],
      [5, 0],
      [1000, 3],
      [14_000, 138_000],
      [65_537, 70_001],
      [3, 1 << 20],
    ] as const) {
      const a = randomBytes(lengthA);
      const b = randomBytes(lengthB);
      expect(crc32Joined(crc32(a), crc32(b), crc32Shift(b.length))).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
