import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { BUSINESS_IS_OPEN_SQL } from '../../../access/closed-businesses';
import type { Database } from '../../../db/client';
import { renderSeoPage } from './seo-public.render';
import { loadPublicPages, type PublicPage } from './seo-public.service';

/** A public page ready to send: its gzipped HTML and its ETag. */
export interface ServedPage {
  gzip: Buffer<ArrayBuffer>;
  etag: string;
}

export interface PublicPagesOptions {
  publicUrl: string;
  platformPhone: string;
  /** The memory this instance may spend on pages (gzipped bytes plus bookkeeping); least recently used go first. */
  maxBytes: number;
}

export interface PublicPagesStats {
  pages: number;
  bytes: number;
  maxBytes: number;
  warming: boolean;
}

// Changes are read again for this long after they were written: a transaction that took an earlier id but committed
// after a later one is still seen (ids are handed out before commit).
const FEED_OVERLAP_SECONDS = 60;
// The feed keeps an hour; an instance that could not read it for longer drops everything it holds.
const FEED_RETENTION_SECONDS = 3600;
const FEED_STALE_MS = 50 * 60 * 1000;
const FEED_PRUNE_EVERY_MS = 10 * 60 * 1000;
// Bookkeeping per page besides its bytes: the Map entry, the slug, the ETag.
const ENTRY_OVERHEAD = 200;
// Pages rendered in one go (render + gzip ≈ 0.6 ms each): keeps each pause of the event loop short.
const RENDER_CHUNK = 10;
// How many slugs one render-ahead step looks at.
const SCAN_WINDOW = 500;
const WARM_CHUNK = 500;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const entrySize = (page: ServedPage) => page.gzip.byteLength + ENTRY_OVERHEAD;
// node-postgres answers bytea as a Buffer, PGlite as a Uint8Array; either way the page keeps bytes of its own.
const asBuffer = (value: unknown): Buffer<ArrayBuffer> => Buffer.from(value as Uint8Array);

type Row = Record<string, unknown>;
/**
 * Parameterised SQL straight to the driver (node-postgres' Pool or PGlite, both `query(text, values)`): these few
 * statements run per request or per thousand pages, where the query builder's cost shows.
 */
function sqlOf(db: Database) {
  const client = (
    db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<{ rows: Row[] }> } }
  ).$client;
  return async (text: string, values?: unknown[]) => (await client.query(text, values)).rows;
}

// A complete page whose business (if any) has not closed its account (decision 1285).
const LIVE = (page: string) =>
  `(${page}.business_id is null or ${BUSINESS_IS_OPEN_SQL(`${page}.business_id`)})`;

const LOOKUP_SQL = `
  select p.slug, p.render_version, r.render_version as stored_version, r.render_key, r.etag, r.body_gzip
  from city_seo_pages p left join seo_page_renders r on r.page_id = p.id
  where p.slug = $1 and p.status = 'complete' and ${LIVE('p')}`;

// One window of pages in slug order (an index range), then their renders by key: no join over the whole table.
const WARM_SQL = `
  with scanned as (
    select id, slug, render_version from city_seo_pages p where status = 'complete' and slug > $1 and ${LIVE('p')}
    order by slug limit $3
  )
  select s.slug, r.etag, r.body_gzip
  from scanned s left join seo_page_renders r on r.page_id = s.id and r.render_version = s.render_version and r.render_key = $2
  order by s.slug`;

const SCAN_SQL = `
  with scanned as (
    select id, slug, render_version from city_seo_pages p where status = 'complete' and slug > $1 and ${LIVE('p')}
    order by slug limit $3
  )
  select s.slug, (r.page_id is null or r.render_version <> s.render_version or r.render_key <> $2) as pending
  from scanned s left join seo_page_renders r on r.page_id = s.id
  order by s.slug`;

const PENDING_COUNT_SQL = `
  select count(*)::float8 as n
  from city_seo_pages p left join seo_page_renders r on r.page_id = p.id
  where p.status = 'complete' and ${LIVE('p')} and (r.page_id is null or r.render_version <> p.render_version or r.render_key <> $1)`;

// A page with every part the template draws (business, tagline, rating, FAQ, content): its render stands for the
// template, so a changed template, public URL, platform phone or year gives every stored render a new key.
const KEY_SAMPLE: PublicPage = {
  id: '00000000-0000-0000-0000-000000000000',
  renderVersion: 1,
  slug: 'render-key-sample',
  pageTitle: 'Sample',
  metaDescription: 'Sample',
  city: 'Austin',
  state: 'TX',
  keywords: ['Sample'],
  content:
    '<h2>Sample</h2><p>Sample <a href="/book">link</a></p><ul><li>One</li></ul><table><tr><td>A</td></tr></table>',
  faq: [{ question: 'Sample?', answer: 'Sample.' }],
  vehicleMake: null,
  vehicleModel: null,
  updatedAt: new Date(0),
  business: {
    bookingSlug: 'sample-detailing',
    id: 'sample',
    name: 'Sample',
    phone: null,
    tagline: 'Sample',
    guarantees: ['One', 'Two'],
    specialties: [],
    rating: { average: 5, count: 1 },
    verified: true,
    featuredPhotos: [{ id: 'sample', thumbUrl: '/api/public/featured-photos/sample', alt: 'Before: Sample' }],
    branding: null,
  },
  coverage: null,
};
// A white-labelled business's page draws its own header and footer (decision 1318): part of the key too.
const BRANDED_KEY_SAMPLE: PublicPage = {
  ...KEY_SAMPLE,
  business: {
    ...KEY_SAMPLE.business!,
    branding: {
      displayName: 'Sample',
      color: '#0f766e',
      textColor: '#ffffff',
      logoUrl: '/api/public/branding/sample/logo?v=1',
    },
  },
};
// A platform page nobody serves draws another template (decision 0950): its render is part of the key too.
const UNSERVED_KEY_SAMPLE: PublicPage = {
  ...KEY_SAMPLE,
  business: null,
  coverage: { served: false, waitlistZip: '78701' },
};

/**
 * The public city pages this instance serves (docs/decisions/0309). Each complete page is rendered once, gzipped and
 * stored in seo_page_renders for every instance; this instance keeps the gzipped bytes in memory up to a budget, so
 * serving a page is a map lookup. Copies are dropped when the change feed (seo_page_changes, written by triggers)
 * names their page: this instance reads it about once a second and right after each of its own API writes.
 */
export class PublicPages {
  // Recency is a flag set on use (CLOCK): moving an entry on every hit would cost a map delete and insert per request.
  private readonly pages = new Map<string, { page: ServedPage; used: boolean }>();
  private bytes = 0;
  // Moves whenever copies are dropped: a page read from the database before a drop is not kept after it.
  private epoch = 0;
  private cursor = -1;
  private readonly seen = new Map<number, number>();
  private lastFeedRead = Date.now();
  private lastPrune = 0;
  private key: { year: number; value: string } | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private warming = false;
  private readonly sql: ReturnType<typeof sqlOf>;

  constructor(
    private readonly db: Database,
    private readonly opts: PublicPagesOptions,
  ) {
    this.sql = sqlOf(db);
  }

  /** The page held in memory, if any (a hit also marks it recently used). */
  get(slug: string): ServedPage | undefined {
    const entry = this.pages.get(slug);
    if (!entry) return undefined;
    entry.used = true;
    return entry.page;
  }

  /** A complete page that is not in memory: its stored render when current, else rendered now (and stored). */
  async load(slug: string): Promise<ServedPage | null> {
    const epoch = this.epoch;
    const key = this.renderKey();
    const [row] = await this.sql(LOOKUP_SQL, [slug]);
    if (!row) return null;
    let page: ServedPage | undefined;
    if (row.body_gzip && row.stored_version === row.render_version && row.render_key === key) {
      page = { gzip: asBuffer(row.body_gzip), etag: String(row.etag) };
    } else {
      page = (await this.renderAndStore([slug], key)).get(slug);
    }
    if (page) this.keep(slug, page, epoch);
    return page ?? null;
  }

  /** Reads the change feed and drops the pages it names. Resolves after a read that began after this call. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.readFeed().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.sync();
    });
    return this.queued;
  }

  /** Loads stored renders into memory, in slug order, until the budget is reached. Returns how many it loaded. */
  async warm(): Promise<number> {
    this.warming = true;
    let after = '';
    let loaded = 0;
    try {
      for (;;) {
        const epoch = this.epoch;
        const rows = await this.sql(WARM_SQL, [after, this.renderKey(), WARM_CHUNK]);
        if (rows.length === 0) return loaded;
        // Copies dropped while the chunk was read: read it again.
        if (epoch !== this.epoch) continue;
        for (const row of rows) {
          if (!row.body_gzip) continue; // not rendered yet: the render-ahead job or the first request does it
          const page = { gzip: asBuffer(row.body_gzip), etag: String(row.etag) };
          const slug = String(row.slug);
          if (this.pages.has(slug)) continue;
          if (this.bytes + entrySize(page) > this.opts.maxBytes) return loaded;
          this.keep(slug, page, epoch);
          loaded++;
        }
        after = String(rows.at(-1)!.slug);
        await yieldToEventLoop();
      }
    } finally {
      this.warming = false;
    }
  }

  /**
   * Renders complete pages whose stored render is missing or stale, in slug order from `after`, for about `sliceMs`.
   * Returns where to go on from, or null when every page has been looked at.
   */
  async renderAhead(after: string, sliceMs: number): Promise<{ next: string | null; rendered: number }> {
    const until = Date.now() + sliceMs;
    let rendered = 0;
    let cursor = after;
    while (Date.now() < until) {
      const key = this.renderKey();
      const rows = await this.sql(SCAN_SQL, [cursor, key, SCAN_WINDOW]);
      if (rows.length === 0) return { next: null, rendered };
      const pending = rows.filter((r) => r.pending).map((r) => String(r.slug));
      for (let i = 0; i < pending.length; i += RENDER_CHUNK) {
        const epoch = this.epoch;
        const chunk = pending.slice(i, i + RENDER_CHUNK);
        for (const [slug, page] of await this.renderAndStore(chunk, key)) {
          if (this.bytes + entrySize(page) <= this.opts.maxBytes) this.keep(slug, page, epoch);
          rendered++;
        }
        await yieldToEventLoop();
      }
      cursor = String(rows.at(-1)!.slug);
      if (rows.length < SCAN_WINDOW) return { next: null, rendered };
    }
    return { next: cursor, rendered };
  }

  /** Complete pages without a current stored render (an admin figure; it scans every page). */
  async pendingRenders(): Promise<number> {
    const [row] = await this.sql(PENDING_COUNT_SQL, [this.renderKey()]);
    return Number(row?.n ?? 0);
  }

  stats(): PublicPagesStats {
    return { pages: this.pages.size, bytes: this.bytes, maxBytes: this.opts.maxBytes, warming: this.warming };
  }

  /** Follows the change feed every `intervalMs` and loads the stored renders into memory. */
  start(intervalMs = 1000) {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sync(), intervalMs);
    this.timer.unref();
    void this.sync().then(() =>
      this.warm().catch((err) => console.warn(`SEO pages: warming failed: ${message(err)}`)),
    );
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  clear() {
    this.pages.clear();
    this.bytes = 0;
    this.epoch++;
  }

  private drop(slugs: string[]) {
    for (const slug of slugs) {
      const entry = this.pages.get(slug);
      if (!entry) continue;
      this.pages.delete(slug);
      this.bytes -= entrySize(entry.page);
    }
    this.epoch++;
  }

  private keep(slug: string, page: ServedPage, epoch: number) {
    if (epoch !== this.epoch || entrySize(page) > this.opts.maxBytes) return;
    const previous = this.pages.get(slug);
    if (previous) {
      this.pages.delete(slug);
      this.bytes -= entrySize(previous.page);
    }
    this.pages.set(slug, { page, used: false });
    this.bytes += entrySize(page);
    // Over budget: the oldest entries go, except that one used since its last look gets a second chance at the end.
    for (const [oldest, entry] of this.pages) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.pages.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.pages.set(oldest, entry);
      } else {
        this.bytes -= entrySize(entry.page);
      }
    }
  }

  /** Renders these pages, stores the renders for every instance and returns them by slug. */
  private async renderAndStore(slugs: string[], key: string): Promise<Map<string, ServedPage>> {
    const rendered = new Map<string, ServedPage>();
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const page of await loadPublicPages(this.db, slugs)) {
      const { html, etag } = renderSeoPage(page, this.opts);
      // zlib hands back a view of a 16 KB chunk: a copy keeps just the page's bytes for as long as it is held.
      const gzip = Buffer.from(gzipSync(html));
      rendered.set(page.slug, { gzip, etag });
      const n = values.push(page.id, page.renderVersion, key, etag, gzip);
      tuples.push(`($${n - 4}::uuid, $${n - 3}::int, $${n - 2}, $${n - 1}, $${n}::bytea)`);
    }
    if (tuples.length === 0) return rendered;
    try {
      // A render of an older version never replaces a newer one.
      await this.sql(
        `insert into seo_page_renders (page_id, render_version, render_key, etag, body_gzip)
         values ${tuples.join(', ')}
         on conflict (page_id) do update set render_version = excluded.render_version, render_key = excluded.render_key,
           etag = excluded.etag, body_gzip = excluded.body_gzip, rendered_at = now()
         where seo_page_renders.render_version <= excluded.render_version`,
        values,
      );
    } catch (err) {
      // A page deleted meanwhile: its render is not needed. The pages are served all the same.
      console.warn(`SEO pages: renders not stored: ${message(err)}`);
    }
    return rendered;
  }

  /** The key of renders made by this instance's template and settings; a new year renders every page again. */
  private renderKey(): string {
    const year = new Date().getFullYear();
    if (this.key?.year !== year) {
      const hash = createHash('sha256');
      for (const sample of [KEY_SAMPLE, UNSERVED_KEY_SAMPLE, BRANDED_KEY_SAMPLE])
        hash.update(renderSeoPage(sample, this.opts).html);
      if (this.key) this.clear();
      this.key = { year, value: hash.digest('base64url').slice(0, 22) };
    }
    return this.key.value;
  }

  private async readFeed() {
    try {
      if (this.cursor < 0) {
        // The first read starts at the feed's end: the changes it can see are already in anything read after it (the
        // ones within the overlap are marked seen). Anything held before it cannot be checked against it.
        const [row] = await this.sql('select coalesce(max(id), 0)::float8 as id from seo_page_changes');
        const recent = await this.sql(
          'select id::float8 as id from seo_page_changes where changed_at > now() - make_interval(secs => $1)',
          [FEED_OVERLAP_SECONDS],
        );
        const now = Date.now();
        for (const r of recent) this.seen.set(Number(r.id), now);
        this.cursor = Number(row?.id ?? 0);
        if (this.pages.size > 0) this.clear();
        this.lastFeedRead = Date.now();
        return;
      }
      if (Date.now() - this.lastFeedRead > FEED_STALE_MS) this.clear();
      const rows = await this.sql(
        `select id::float8 as id, slug from seo_page_changes
         where id > $1 or changed_at > now() - make_interval(secs => $2) order by id`,
        [this.cursor, FEED_OVERLAP_SECONDS],
      );
      const now = Date.now();
      const slugs: string[] = [];
      for (const row of rows) {
        const id = Number(row.id);
        if (this.seen.has(id)) continue;
        this.seen.set(id, now);
        if (id > this.cursor) this.cursor = id;
        slugs.push(String(row.slug));
      }
      for (const [id, at] of this.seen) if (now - at > FEED_OVERLAP_SECONDS * 2000) this.seen.delete(id);
      if (slugs.includes('*')) this.clear();
      else if (slugs.length > 0) this.drop(slugs);
      this.lastFeedRead = now;
      if (now - this.lastPrune > FEED_PRUNE_EVERY_MS) {
        this.lastPrune = now;
        await this.sql('delete from seo_page_changes where changed_at < now() - make_interval(secs => $1)', [
          FEED_RETENTION_SECONDS,
        ]);
      }
    } catch (err) {
      console.warn(`SEO pages: change feed not read: ${message(err)}`);
    }
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
