import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** What a key books (R-SANDBOX): parcels that go (`sk_live_…`), or test parcels (`sk_test_…`). */
export const API_KEY_MODES = ['live', 'test'] as const;

/** `POST /api/merchant/api-keys`: a name to tell the key from the merchant's others ("Shopify store"). */
export const apiKeyInputSchema = z.object({
  name: textField(/*i18n*/ 'name', { error: /*i18n*/ 'Name the key, like the shop that will use it' })
    .trim()
    .min(1, /*i18n*/ 'Name the key, like the shop that will use it')
    .max(
      LIMITS.merchantTextMaxLength,
      englishText(/*i18n*/ 'name must be at most {max} characters', { max: LIMITS.merchantTextMaxLength }),
    ),
  /**
   * A live key books parcels that go; a test key (`sk_test_…`, R-SANDBOX) books test parcels that never leave
   * the sandbox and moves them on request.
   */
  mode: z.enum(API_KEY_MODES).default('live'),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** An API key as the merchant's list shows it: never the key itself after it was made. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  /** A test key (R-SANDBOX): it books and sees only test parcels. */
  test: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to making a key: the key itself, this once. */
export const newApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type NewApiKey = z.infer<typeof newApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: /*i18n*/ 'No API key has this id.' }) });

export const API_KEY_MESSAGES = {
  noKey: /*i18n*/ 'No API key has this id.',
  badKey: /*i18n*/ 'This API key is not valid, or was revoked: send a live key as Authorization: Bearer sk_…',
  testKeyOnly:
    /*i18n*/ 'Only a test key (sk_test_…) moves parcels in the sandbox: this is a live key, and a live parcel moves only on the network.',
  tooMany: englishText(/*i18n*/ 'You have {max} active API keys: revoke one first.', { max: LIMITS.merchantApiKeysMax }),
} as const;
