import { symmetricDecrypt } from 'better-auth/crypto';
import { desc } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/client.ts';
import { jwks } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/** Operators read it in the start-up log: in English, as every log line. */
export const SECRET_MISMATCH =
  /* operators */ 'Invalid configuration: AUTH_SECRET does not match the secret the stored signing keys were made with: set it back to the old value, or delete the rows of the jwks table to make new keys (every access token then ends).';

/**
 * Better Auth keeps the access tokens' signing key in the jwks table, its private half encrypted with the
 * secret. With another secret every token request would fail; start-up opens the key Better Auth signs
 * with (the newest), as it does, and stops with one line instead.
 */
export async function assertSigningKeyOpens(auth: Auth, db: Database): Promise<void> {
  const [newest] = await db.select({ privateKey: jwks.privateKey }).from(jwks).orderBy(desc(jwks.createdAt)).limit(1);
  if (!newest) return;
  const { secretConfig } = await auth.$context;
  await symmetricDecrypt({ key: secretConfig, data: JSON.parse(newest.privateKey) }).catch(() => {
    throw new ConfigError(SECRET_MISMATCH);
  });
}
