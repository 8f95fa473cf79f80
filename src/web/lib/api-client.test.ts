import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage } from './api-client.ts';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function refusalOf(status: number, body: unknown): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer(status, body)),
  );
  return apiRequest('/api/home', { authenticated: false }).then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error as ApiError,
  );
}

describe('apiRequest errors', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keep our code and message', async () => {
    const error = await refusalOf(409, { error: { code: 'conflict', message: 'Only 3 left in stock.' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Only 3 left in stock.' });
  });

  it('take a code from the status when the answer has none of ours', async () => {
    expect((await refusalOf(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Wait.' } })).code).toBe('too_many_requests');
    expect((await refusalOf(502, 'Bad Gateway')).code).toBe('internal');
    expect((await refusalOf(422, {})).code).toBe('bad_request');
  });
});

describe('errorMessage', () => {
  it("is the server's message for an answer, the fallback for anything else", () => {
    expect(errorMessage(new ApiError(404, 'not_found', 'No such order.'), 'fallback')).toBe('No such order.');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
  });
});
