import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { authResult } from './auth-client.ts';

describe('authResult', () => {
  it("turns Better Auth's error into ours, with its message and our code", async () => {
    const refused = authResult(
      Promise.resolve({
        data: null,
        error: {
          status: 401,
          statusText: 'Unauthorized',
          code: 'INVALID_EMAIL_OR_PASSWORD',
          message: 'Invalid email or password',
        },
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Invalid email or password' });
  });

  it('uses the status text when Better Auth gives no message, and answers the data when there is no error', async () => {
    await expect(
      authResult(Promise.resolve({ data: null, error: { status: 429, statusText: 'Too Many Requests' } })),
    ).rejects.toMatchObject({ code: 'too_many_requests', message: 'Too Many Requests' });
    await expect(authResult(Promise.resolve({ data: { user: { email: 'a@b.co' } }, error: null }))).resolves.toEqual({
      user: { email: 'a@b.co' },
    });
  });
});
