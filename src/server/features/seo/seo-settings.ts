import { DEFAULT_CITIES_PER_STATE } from '../../../shared/seo.constants';
import { type ContentGenerator, createContentGenerator } from '../../providers/content/content-generator';

/** A small LRU of rendered public pages: the hot path of /seo/{slug} skips the database and the sanitiser. */
export class PublicPageCache {
  private readonly entries = new Map<string, { value: RenderedPage; expires: number }>();
  constructor(
    private readonly maxEntries = 2_000,
    private readonly ttlMs = 60_000,
  ) {}

  get(slug: string): RenderedPage | undefined {
    const entry = this.entries.get(slug);
    if (!entry) return undefined;
    this.entries.delete(slug);
    if (entry.expires < Date.now()) return undefined;
    this.entries.set(slug, entry);
    return entry.value;
  }

  set(slug: string, value: RenderedPage) {
    if (this.ttlMs <= 0) return;
    this.entries.delete(slug);
    this.entries.set(slug, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(slugs: string[]) {
    for (const slug of slugs) this.entries.delete(slug);
  }

  clear() {
    this.entries.clear();
  }
}

export interface RenderedPage {
  html: string;
  etag: string;
  /** The full response headers, computed once when the page is rendered. */
  headers?: Record<string, string>;
}

export interface SeoSettings {
  content: ContentGenerator;
  /** How many of each state's largest cities a platform generation covers (SEO_CITIES_PER_STATE). */
  citiesPerState: number;
  /** The number the Call button of a page without a business (or without a phone) dials. */
  platformPhone: string;
  /** True when this process alone uses the database (embedded PGlite): interrupted runs resume at once. */
  exclusiveDatabase: boolean;
  /** A platform generation hands its job back after this long, so no job stays active for minutes. */
  sliceMs: number;
  pageCache: PublicPageCache;
}

export const DEFAULT_PLATFORM_PHONE = '(512) 555-0100';

export function createSeoSettings(opts: Partial<Omit<SeoSettings, 'pageCache'>> & { cacheSeconds?: number } = {}): SeoSettings {
  return {
    content: opts.content ?? createContentGenerator(),
    citiesPerState: opts.citiesPerState ?? DEFAULT_CITIES_PER_STATE,
    platformPhone: opts.platformPhone ?? DEFAULT_PLATFORM_PHONE,
    exclusiveDatabase: opts.exclusiveDatabase ?? false,
    sliceMs: opts.sliceMs ?? 15_000,
    pageCache: new PublicPageCache(2_000, (opts.cacheSeconds ?? 60) * 1000),
  };
}

/** The app's SEO settings, created with the defaults on first use when the caller did not provide them. */
export const seoOf = (deps: { seo?: SeoSettings }): SeoSettings => {
  deps.seo ??= createSeoSettings();
  return deps.seo;
};
