import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdOf } from './request-id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const withHeader = (value: string | undefined) => ({ headers: { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('newRequestId', () => {
  it('makes UUID version 7 ids that start with the time they were made in milliseconds', () => {
    const made = Date.UTC(2026, 10, 27, 10, 30);
    const id = newRequestId(made);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(made);
  });

  it('never makes the same id twice in one millisecond, and sorts a later id after an earlier one', () => {
    const ids = Array.from({ length: 10_000 }, () => newRequestId(1_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(newRequestId(0xfff) < newRequestId(0x1000)).toBe(true);
  });
});

describe('requestIdOf', () => {
  it("keeps a proxy's or client's well-formed id", () => {
    for (const given of ['0190f4c2-8a7e-7d3c-9b1a-3f5e6d7c8b9a', 'a3f9c2e1b4d5e6f7a8b9c0d1e2f3a4b5', 'lb.req_2026-11-27']) {
      expect(requestIdOf(withHeader(given))).toBe(given);
    }
  });

  it('makes a new one when none came or the one that came is malformed', () => {
    for (const given of [
      undefined,
      '',
      'short',
      'has spaces in it',
      'line\nbreak-injected',
      'x'.repeat(129),
      '<script>alert(1)</script>',
    ]) {
      expect(requestIdOf(withHeader(given))).toMatch(UUID_V7);
    }
  });
});
