import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEYS_TEXT, type ApiKeyScope } from '../../../shared/api-keys';
import type { DbOrTx } from '../../db/client';
import { apiKeys, profiles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { hashToken, newToken } from '../../http/tokens';

// API keys of the public API (decision 1200): `sr_live_<8 characters>_<256 random bits>`. The first part is the
// key's prefix, stored to name it in lists; the whole key is stored only as its SHA-256 (http/tokens.ts).

const PREFIX_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789';
/** The whole key's shape; anything else is refused before it reaches the database. */
export const API_KEY_SHAPE = /^sr_live_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

function newPrefix() {
  const bytes = randomBytes(8);
  let out = API_KEY_PREFIX;
  for (const b of bytes) out += PREFIX_ALPHABET[b % PREFIX_ALPHABET.length];
  return out;
}

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

type Row = typeof apiKeys.$inferSelect;
const toView = (r: Row): ApiKeyView => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as ApiKeyScope[],
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** The business's keys that still work, newest first (a bounded list: revoked keys are not listed). */
export async function listApiKeys(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toView);
}

/** Creates a key and answers it whole, once: only its hash is kept. */
export async function createApiKey(
  db: DbOrTx,
  businessId: string,
  userId: string,
  input: { name: string; scopes: ApiKeyScope[] },
) {
  const prefix = newPrefix();
  const key = `${prefix}_${newToken()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      businessId,
      name: input.name,
      prefix,
      keyHash: hashToken(key),
      scopes: input.scopes,
      createdBy: userId,
    })
    .returning();
  return { ...toView(row!), key };
}

/** Revokes a key: the next request with it answers 401 (every request looks the key up). */
export async function revokeApiKey(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, API_KEYS_TEXT.notFound);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw notFound(API_KEYS_TEXT.notFound);
}

export interface KeyHolder {
  keyId: string;
  businessId: string;
  scopes: ApiKeyScope[];
  plan: (typeof profiles.$inferSelect)['subscriptionTier'];
  subscriptionActive: boolean;
  trialEndsAt: Date | null;
}

/** The key's business and scopes, or null for a malformed, unknown or revoked key. */
export async function findKeyHolder(db: DbOrTx, key: string): Promise<KeyHolder | null> {
  if (!API_KEY_SHAPE.test(key)) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      businessId: apiKeys.businessId,
      scopes: apiKeys.scopes,
      plan: profiles.subscriptionTier,
      subscriptionActive: profiles.subscriptionActive,
      trialEndsAt: profiles.trialEndsAt,
    })
    .from(apiKeys)
    .innerJoin(profiles, eq(profiles.id, apiKeys.businessId))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)));
  return row ? { ...row, scopes: row.scopes as ApiKeyScope[] } : null;
}

/** Notes the key's use, at most once a minute (a write per request would cost more than the request). */
export async function touchApiKey(db: DbOrTx, keyId: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
