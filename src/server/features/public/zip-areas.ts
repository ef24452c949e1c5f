import { and, eq, sql } from 'drizzle-orm';
import { businessIsOpen } from '../../access/closed-businesses';
import type { Database } from '../../db/client';
import { profiles, publicCacheVersions, serviceAreas } from '../../db/schema';

export interface Availability {
  zip: string;
  available: boolean;
  area: { city: string; state: string; stateCode: string | null } | null;
  businesses: { id: string; name: string | null }[];
}

const unserved = (zip: string): Availability => ({ zip, available: false, area: null, businesses: [] });

/**
 * Every active service area, held in memory for the zip check (docs/decisions/0901): answered without a database
 * round trip. A counter moved by triggers tells when to reload: it is read at most every `checkEveryMs` (by the
 * request that finds the last look too old), and at once after a write through this instance (`invalidate`).
 */
export class ZipAreas {
  private byZip = new Map<string, Availability>();
  private version: number | undefined;
  private checkedAt = -Infinity;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly checkEveryMs = 1_000,
  ) {}

  async check(zip: string): Promise<Availability> {
    if (performance.now() - this.checkedAt >= this.checkEveryMs) await this.refresh();
    return this.byZip.get(zip) ?? unserved(zip);
  }

  /**
   * The answer when it can be given from memory now, without a look at the counter; undefined when a look is due
   * (call `check`, which makes it). The zip check's fast path answers with it (decision 923).
   */
  checkNow(zip: string): Availability | undefined {
    if (performance.now() - this.checkedAt >= this.checkEveryMs) return undefined;
    return this.byZip.get(zip) ?? unserved(zip);
  }

  /** After a write through this instance: the next check looks at the counter first. */
  invalidate() {
    this.checkedAt = -Infinity;
  }

  /** One look at the counter for all requests waiting on it; reloads the areas when it moved. */
  private refresh() {
    this.pending ??= (async () => {
      try {
        const startedAt = performance.now();
        const [row] = await this.db
          .select({ version: publicCacheVersions.version })
          .from(publicCacheVersions)
          .where(eq(publicCacheVersions.name, 'zip-areas'));
        const version = row?.version ?? 0;
        if (version !== this.version || !row) {
          this.byZip = await this.load();
          this.version = version;
        }
        this.checkedAt = startedAt;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  private async load() {
    const rows = await this.db
      .select({
        zip: serviceAreas.zipCode,
        city: serviceAreas.city,
        state: serviceAreas.state,
        stateCode: serviceAreas.stateCode,
        businessId: serviceAreas.businessId,
        businessName: profiles.businessName,
      })
      .from(serviceAreas)
      .innerJoin(profiles, eq(profiles.id, serviceAreas.businessId))
      // A closed account's areas leave the zip check at once (decision 1285; its closure moves the counter).
      .where(and(eq(serviceAreas.isActive, true), businessIsOpen(serviceAreas.businessId)))
      .orderBy(serviceAreas.zipCode, sql`${serviceAreas.createdAt}`, serviceAreas.id);
    const byZip = new Map<string, Availability>();
    for (const r of rows) {
      let entry = byZip.get(r.zip);
      if (!entry) {
        entry = {
          zip: r.zip,
          available: true,
          area: { city: r.city, state: r.state, stateCode: r.stateCode },
          businesses: [],
        };
        byZip.set(r.zip, entry);
      }
      entry.businesses.push({ id: r.businessId, name: r.businessName });
    }
    return byZip;
  }
}

const instances = new WeakMap<Database, ZipAreas>();

/** This database's zip areas in memory, created on first use. */
export function zipAreasOf(db: Database) {
  let areas = instances.get(db);
  if (!areas) {
    areas = new ZipAreas(db);
    instances.set(db, areas);
  }
  return areas;
}
