import { DEFAULT_CITIES_PER_STATE } from '../../../shared/seo.constants';
import type { Database } from '../../db/client';
import { type ContentGenerator, createContentGenerator } from '../../providers/content/content-generator';
import { PublicPages } from './public/public-pages';

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
  /** The memory each instance may hold public pages in (SEO_PAGE_MEMORY_MB), gzipped (docs/decisions/0309). */
  pageMemoryBytes: number;
  /** The public pages this instance serves; created on first use (publicPagesOf). */
  pages?: PublicPages;
}

export const DEFAULT_PLATFORM_PHONE = '(512) 555-0100';

export const DEFAULT_PAGE_MEMORY_MB = 512;

export function createSeoSettings(opts: Partial<Omit<SeoSettings, 'pages'>> = {}): SeoSettings {
  return {
    content: opts.content ?? createContentGenerator(),
    citiesPerState: opts.citiesPerState ?? DEFAULT_CITIES_PER_STATE,
    platformPhone: opts.platformPhone ?? DEFAULT_PLATFORM_PHONE,
    exclusiveDatabase: opts.exclusiveDatabase ?? false,
    sliceMs: opts.sliceMs ?? 15_000,
    pageMemoryBytes: opts.pageMemoryBytes ?? DEFAULT_PAGE_MEMORY_MB * 1024 * 1024,
  };
}

/** The app's SEO settings, created with the defaults on first use when the caller did not provide them. */
export const seoOf = (deps: { seo?: SeoSettings }): SeoSettings => {
  deps.seo ??= createSeoSettings();
  return deps.seo;
};

/** This app's public pages (in memory, backed by the stored renders), created on first use. */
export const publicPagesOf = (deps: { db: Database; publicUrl: string; seo?: SeoSettings }): PublicPages => {
  const seo = seoOf(deps);
  seo.pages ??= new PublicPages(deps.db, {
    publicUrl: deps.publicUrl,
    platformPhone: seo.platformPhone,
    maxBytes: seo.pageMemoryBytes,
  });
  return seo.pages;
};
