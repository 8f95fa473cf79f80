import { createLocalJWKSet, type JSONWebKeySet, errors as joseErrors, jwtVerify } from 'jose';

export interface AccessTokenClaims {
  userId: string;
  email: string;
  name: string;
}

export class AccessTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Your session token has expired.' : 'Your session token is not valid.');
  }
}

/**
 * Verifies the bearer tokens Better Auth's jwt plugin signs, against its public keys kept in memory:
 * no database round trip per request. Unknown key ids reload the key set once (key rotation).
 */
export function createAccessTokenVerifier(loadKeys: () => Promise<JSONWebKeySet>, issuer: string) {
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  const reload = async () => {
    keys = createLocalJWKSet(await loadKeys());
    return keys;
  };

  const verifyWith = async (keySet: ReturnType<typeof createLocalJWKSet>, token: string) =>
    (await jwtVerify(token, keySet, { issuer, audience: issuer })).payload;

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    try {
      let payload: Awaited<ReturnType<typeof verifyWith>>;
      try {
        payload = await verifyWith(keys ?? (await reload()), token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        payload = await verifyWith(await reload(), token);
      }
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new AccessTokenError('invalid');
      return { userId: payload.sub, email: payload.email, name: typeof payload.name === 'string' ? payload.name : '' };
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired');
      throw new AccessTokenError('invalid');
    }
  };
}
