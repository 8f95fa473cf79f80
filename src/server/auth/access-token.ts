import { createLocalJWKSet, type JSONWebKeySet, errors as joseErrors, jwtVerify } from 'jose';

export interface AccessTokenClaims {
  userId: string;
  email: string;
  name: string;
  /** The Better Auth session the token was issued for; the token is good only while it is open. */
  sessionId: string;
}

export class AccessTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Your session token has expired.' : 'Your session token is not valid.');
  }
}

/** Unknown key ids reload the key set at most this often: a flood of made-up `kid`s costs one read per 30 s. */
export const KEY_RELOAD_INTERVAL_MS = 30_000;

/**
 * Verifies the bearer tokens Better Auth's jwt plugin signs, against its public keys kept in memory:
 * no database round trip per request. An unknown key id reloads the key set (key rotation), at most
 * once per KEY_RELOAD_INTERVAL_MS.
 */
export function createAccessTokenVerifier(loadKeys: () => Promise<JSONWebKeySet>, issuer: string, now: () => number = Date.now) {
  let keys: Promise<ReturnType<typeof createLocalJWKSet>> | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  const reload = () => {
    loadedAt = now();
    keys = loadKeys().then(createLocalJWKSet);
    // A failed load is tried again by the next request, not remembered.
    keys.catch(() => {
      keys = undefined;
      loadedAt = Number.NEGATIVE_INFINITY;
    });
    return keys;
  };

  const verifyWith = async (keySet: ReturnType<typeof createLocalJWKSet>, token: string) =>
    (await jwtVerify(token, keySet, { issuer, audience: issuer })).payload;

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    try {
      let payload: Awaited<ReturnType<typeof verifyWith>>;
      try {
        payload = await verifyWith(await (keys ?? reload()), token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || now() - loadedAt < KEY_RELOAD_INTERVAL_MS) throw error;
        payload = await verifyWith(await reload(), token);
      }
      const { sub, email, name, sid } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') throw new AccessTokenError('invalid');
      return { userId: sub, email, name: typeof name === 'string' ? name : '', sessionId: sid };
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired');
      throw new AccessTokenError('invalid');
    }
  };
}
