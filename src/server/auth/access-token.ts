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

/**
 * Tokens verified and remembered at once, until each one's expiry: a busy shop's signed-in devices of a
 * quarter of an hour (a token lives 15 minutes). Beyond it the oldest remembered is verified again when next used.
 */
const MAX_REMEMBERED_TOKENS = 10_000;

/** Unknown key ids reload the key set at most this often: a flood of made-up `kid`s costs one read per 30 s. */
export const KEY_RELOAD_INTERVAL_MS = 30_000;

/**
 * Verifies the bearer tokens Better Auth's jwt plugin signs, against its public keys kept in memory:
 * no database round trip per request. An unknown key id reloads the key set (key rotation), at most
 * once per KEY_RELOAD_INTERVAL_MS. A token that verified is remembered by its exact text until its expiry
 * (decision 188): the signature check (EdDSA, ~0.25 ms of CPU) runs once per token, not once per request.
 * Only what the token itself says is remembered: whether its session is open and its user's role are asked
 * at every request by the guards (R-SESSION-END, R-ROLES).
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

  // By the token's text, in the order first verified, with its expiry (ms).
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessTokenClaims, exp: number | undefined) => {
    // A token without an expiry is verified every time rather than kept for ever.
    if (exp === undefined) return;
    if (verified.size >= MAX_REMEMBERED_TOKENS) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAt: exp * 1000 });
  };

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    const known = verified.get(token);
    if (known) {
      if (now() < known.expiresAt) return known.claims;
      verified.delete(token);
      throw new AccessTokenError('expired');
    }
    try {
      let payload: Awaited<ReturnType<typeof verifyWith>>;
      try {
        payload = await verifyWith(await (keys ?? reload()), token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || now() - loadedAt < KEY_RELOAD_INTERVAL_MS) throw error;
        payload = await verifyWith(await reload(), token);
      }
      const { sub, email, name, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') throw new AccessTokenError('invalid');
      const claims = { userId: sub, email, name: typeof name === 'string' ? name : '', sessionId: sid };
      remember(token, claims, exp);
      return claims;
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired');
      throw new AccessTokenError('invalid');
    }
  };
}
