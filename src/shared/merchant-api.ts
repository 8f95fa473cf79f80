import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** `POST /api/merchant/api-keys`: a name to tell the key from the merchant's others ("Shopify store"). */
export const apiKeyInputSchema = z.object({
  name: textField(/*i18n*/ 'name', { error: /*i18n*/ 'Name the key, like the shop that will use it' })
    .trim()
    .min(1, /*i18n*/ 'Name the key, like the shop that will use it')
    .max(
      LIMITS.merchantTextMaxLength,
      englishText(/*i18n*/ 'name must be at most {max} characters', { max: LIMITS.merchantTextMaxLength }),
    ),
});

/** An API key as the merchant's list shows it: never the key itself after it was made. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
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
  tooMany: englishText(/*i18n*/ 'You have {max} active API keys: revoke one first.', { max: LIMITS.merchantApiKeysMax }),
} as const;
