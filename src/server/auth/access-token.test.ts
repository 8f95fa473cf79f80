import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokenError, createAccessTokenVerifier, KEY_RELOAD_INTERVAL_MS } from './access-token.ts';

const ISSUER = 'http://shop.test';

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setSubject('user-1')
      .setExpirationTime('15m')
      .sign(privateKey);
  return { jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' }, sign };
}

describe('createAccessTokenVerifier', () => {
  it('reads the session id from the token, and refuses a token without one', async () => {
    const key = await signingKey('k1');
    const verify = createAccessTokenVerifier(async () => ({ keys: [key.jwk] }), ISSUER);
    await expect(verify(await key.sign({ email: 'a@x.com', name: 'A', sid: 's1' }))).resolves.toEqual({
      userId: 'user-1',
      email: 'a@x.com',
      name: 'A',
      sessionId: 's1',
    });
    await expect(verify(await key.sign({ email: 'a@x.com', name: 'A' }))).rejects.toBeInstanceOf(AccessTokenError);
  });

  it('reloads the key set for unknown key ids at most once per 30 seconds, and finds a rotated key then', async () => {
    const known = await signingKey('known');
    const rotated = await signingKey('rotated');
    let keys: JSONWebKeySet = { keys: [known.jwk] };
    let loads = 0;
    let now = 0;
    const verify = createAccessTokenVerifier(
      async () => {
        loads += 1;
        return keys;
      },
      ISSUER,
      () => now,
    );
    const forged = await (await signingKey('made-up')).sign({ email: 'a@x.com', sid: 's1' });
    await expect(verify(forged)).rejects.toBeInstanceOf(AccessTokenError);
    for (let attempt = 0; attempt < 50; attempt++) await expect(verify(forged)).rejects.toBeInstanceOf(AccessTokenError);
    expect(loads).toBe(1);

    keys = { keys: [known.jwk, rotated.jwk] };
    now = KEY_RELOAD_INTERVAL_MS;
    await expect(verify(await rotated.sign({ email: 'a@x.com', sid: 's1' }))).resolves.toMatchObject({ sessionId: 's1' });
    expect(loads).toBe(2);
  });

  it('remembers a verified token only until its expiry: then it is refused as expired (decision 188)', async () => {
    const key = await signingKey('k1');
    let now = Date.now();
    const verify = createAccessTokenVerifier(
      async () => ({ keys: [key.jwk] }),
      ISSUER,
      () => now,
    );
    const token = await key.sign({ email: 'a@x.com', sid: 's1' });
    await expect(verify(token)).resolves.toMatchObject({ sessionId: 's1' });
    await expect(verify(token)).resolves.toMatchObject({ sessionId: 's1' });
    now += 15 * 60 * 1000 + 1000;
    await expect(verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('remembers nothing of a token that failed: a tampered copy of a good one is refused', async () => {
    const key = await signingKey('k1');
    const verify = createAccessTokenVerifier(async () => ({ keys: [key.jwk] }), ISSUER);
    const token = await key.sign({ email: 'a@x.com', sid: 's1' });
    await expect(verify(token)).resolves.toMatchObject({ sessionId: 's1' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' }),
    ).toString('base64url');
    await expect(verify(`${header}.${other}.${signature}`)).rejects.toMatchObject({ reason: 'invalid' });
  });
});
