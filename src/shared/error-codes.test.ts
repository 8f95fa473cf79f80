import { describe, expect, it } from 'vitest';
import { errorCodeForStatus, isErrorCode } from './error-codes.ts';

describe('error codes', () => {
  it('know our codes, card refusals included, and nothing else', () => {
    expect(isErrorCode('token_expired')).toBe(true);
    expect(isErrorCode('card_declined')).toBe(true);
    expect(isErrorCode('INVALID_EMAIL_OR_PASSWORD')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('give every status a code', () => {
    expect(errorCodeForStatus(401)).toBe('unauthorized');
    expect(errorCodeForStatus(413)).toBe('payload_too_large');
    expect(errorCodeForStatus(422)).toBe('bad_request');
    expect(errorCodeForStatus(503)).toBe('internal');
  });
});
