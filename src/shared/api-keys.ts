import { z } from 'zod';

/** What a key may do: `read` reads; `write` also creates and updates (decision 1200). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'sr_live_';

export const apiKeyInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name must be 80 characters or fewer'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Choose at least one scope')
    // Writing implies reading: a write key is `['read', 'write']`.
    .transform((s): ApiKeyScope[] => (s.includes('write') ? ['read', 'write'] : ['read'])),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;
export type ApiKeyValues = z.output<typeof apiKeyInputSchema>;

export const API_KEYS_TEXT = {
  created: 'API key created',
  revoked: 'API key revoked',
  shownOnce: 'Copy this key now: it is shown only once. ShineRoute keeps only a fingerprint of it.',
  fetchFailed: 'Failed to load your API keys',
  notFound: 'API key not found',
  missing: 'Send your API key as "Authorization: Bearer <key>".',
  invalid: 'This API key is not valid or has been revoked.',
  readOnly: 'This API key may only read. Create a key with the write scope to make changes.',
};
