import { eq } from 'drizzle-orm';
import {
  DEFAULT_PLATFORM_SETTINGS,
  type PlatformSettingsValues,
  type PublicSettings,
} from '../../../shared/platform-settings';
import type { Database, DbOrTx } from '../../db/client';
import { user } from '../../db/schema';
import { recordAudit } from '../admin-users/audit.service';
import { platformSettings } from './platform-settings.schema';

/**
 * How long an instance trusts the settings it read. Every instance reads them from the database, so a change made on
 * one shows on the others within this time, and at once on the instance that made it (docs/decisions/0812).
 */
export const SETTINGS_CACHE_MS = 5_000;

export interface PlatformSettings extends PlatformSettingsValues {
  updatedAt: string | null;
  updatedByEmail: string | null;
}

const cache = new WeakMap<object, { at: number; value: Promise<PlatformSettings> }>();

/** The stored settings (the defaults where none were saved yet), uncached: use it inside a transaction. */
export async function readPlatformSettings(db: DbOrTx): Promise<PlatformSettings> {
  const [row] = await db
    .select({ s: platformSettings, email: user.email })
    .from(platformSettings)
    .leftJoin(user, eq(user.id, platformSettings.updatedBy))
    .where(eq(platformSettings.id, 1));
  if (!row) return { ...DEFAULT_PLATFORM_SETTINGS, updatedAt: null, updatedByEmail: null };
  const { s } = row;
  return {
    bannerEnabled: s.bannerEnabled,
    bannerText: s.bannerText,
    starterPriceCents: s.starterPriceCents,
    proPriceCents: s.proPriceCents,
    elitePriceCents: s.elitePriceCents,
    supportEmail: s.supportEmail,
    supportPhone: s.supportPhone,
    defaultTaxRateBps: s.defaultTaxRateBps,
    leadPriceCents: s.leadPriceCents,
    platformFeePercentBps: s.platformFeePercentBps,
    platformFeeFixedCents: s.platformFeeFixedCents,
    updatedAt: s.updatedAt.toISOString(),
    updatedByEmail: row.email,
  };
}

/**
 * The platform settings, read from the database at most every SETTINGS_CACHE_MS per instance. Other features read
 * them here: lead assignment its `leadPriceCents`, the landing page its banner and prices.
 */
export function getPlatformSettings(db: DbOrTx): Promise<PlatformSettings> {
  const hit = cache.get(db);
  if (hit && performance.now() - hit.at < SETTINGS_CACHE_MS) return hit.value;
  const value = readPlatformSettings(db);
  cache.set(db, { at: performance.now(), value });
  // A failed read is not kept: the next caller tries again.
  value.catch(() => cache.delete(db));
  return value;
}

export async function getPublicSettings(db: DbOrTx): Promise<PublicSettings> {
  const s = await getPlatformSettings(db);
  return {
    bannerEnabled: s.bannerEnabled,
    bannerText: s.bannerText,
    starterPriceCents: s.starterPriceCents,
    proPriceCents: s.proPriceCents,
    elitePriceCents: s.elitePriceCents,
    supportEmail: s.supportEmail,
    supportPhone: s.supportPhone,
    defaultTaxRateBps: s.defaultTaxRateBps,
  };
}

const FIELDS = Object.keys(DEFAULT_PLATFORM_SETTINGS) as (keyof PlatformSettingsValues)[];

/** Saves the settings and their audit row (only the fields that changed) in one transaction. */
export async function updatePlatformSettings(
  db: Database,
  actor: { id: string; email: string },
  values: PlatformSettingsValues,
) {
  const saved = await db.transaction(async (tx) => {
    // The row is created on first save; locking it orders concurrent saves so each audit row's "before" is true.
    await tx
      .insert(platformSettings)
      .values({ id: 1, ...DEFAULT_PLATFORM_SETTINGS })
      .onConflictDoNothing();
    await tx
      .select({ id: platformSettings.id })
      .from(platformSettings)
      .where(eq(platformSettings.id, 1))
      .for('update');
    const before = await readPlatformSettings(tx);
    await tx
      .update(platformSettings)
      .set({ ...values, updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(platformSettings.id, 1));
    const changed = FIELDS.filter((k) => before[k] !== values[k]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: 'settings.update',
        targetType: 'settings',
        targetId: 'platform',
        targetLabel: 'Platform settings',
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, values[k]])),
      });
    }
    return readPlatformSettings(tx);
  });
  cache.delete(db);
  return saved;
}
