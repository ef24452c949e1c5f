import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSeoPage, createServiceArea, createTestimonial, updateProfile } from '../../../db/factories';
import { createTestContext } from '../../../test/harness';

const t = await createTestContext({ seo: { platformPhone: '(512) 555-0100' } });
// Platform pages offer booking only where an active business serves their area (docs/decisions/0950): these pages'
// area is served (Austin's 78701); seo-coverage.test.ts covers the pages nobody serves.
const served = await t.signUp();
await createServiceArea(t.db, served.userId, {
  zipCode: '78701',
  city: 'Austin',
  state: 'Texas',
  stateCode: 'TX',
  isActive: true,
});

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}
const byType = (html: string, type: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: structured data is read as loose JSON in assertions
  structuredData(html).find((d) => d['@type'] === type) as Record<string, any>;

describe('GET /seo/{slug}', () => {
  it('renders a platform page on the server: metadata, Open Graph, JSON-LD, breadcrumb, serving line and calls to action', async () => {
    await createSeoPage(t.db, {
      slug: 'car-detailing-austin-tx',
      city: 'Austin',
      state: 'TX',
      pageTitle: 'Car Detailing in Austin, TX',
      metaDescription: 'Mobile car detailing across Austin, TX & nearby.',
      content: '<section><h2>Car Detailing in Austin</h2><p>We come to your driveway.</p></section>',
      faq: [{ question: 'Do you bring water?', answer: 'Yes, and power too.' }],
    });
    const res = await t.request('/seo/car-detailing-austin-tx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<title>Car Detailing in Austin, TX | ShineRoute</title>');
    expect(html).toContain(
      '<meta name="description" content="Mobile car detailing across Austin, TX &amp; nearby.">',
    );
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/seo/car-detailing-austin-tx">');
    expect(html).toContain('<meta property="og:title" content="Car Detailing in Austin, TX | ShineRoute">');
    expect(html).toContain(
      '<meta property="og:url" content="http://localhost:3000/seo/car-detailing-austin-tx">',
    );
    expect(html).toContain('<h1>Car Detailing in Austin, TX</h1>');
    expect(html).toContain('Serving Austin, TX');
    expect(html).toContain('<p>We come to your driveway.</p>');
    expect(html).toContain('Why Choose ShineRoute?');
    expect(html).toMatch(
      /<nav aria-label="Breadcrumb"[^>]*><ol><li><a href="\/">Home<\/a><\/li><li aria-current="page">Car Detailing in Austin, TX<\/li>/,
    );
    // §9: the fixed rating text shows only on pages without a business.
    expect(html).toContain('4.8 from 127 reviews');
    expect(html).toContain(
      '<a class="btn primary" href="/book?from=%2Fseo%2Fcar-detailing-austin-tx">Book Now</a>',
    );
    expect(html).toContain('href="tel:5125550100"');

    const business = byType(html, 'AutoWash');
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      openingHours: 'Mo-Sa 08:00-18:00',
      priceRange: '$$',
      telephone: '(512) 555-0100',
      address: { addressLocality: 'Austin', addressRegion: 'TX', addressCountry: 'US' },
    });
    // No made-up ratings in structured data.
    expect(business.aggregateRating).toBeUndefined();
    expect(byType(html, 'BreadcrumbList').itemListElement).toHaveLength(2);
    expect(byType(html, 'FAQPage').mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'Do you bring water?',
        acceptedAnswer: { '@type': 'Answer', text: 'Yes, and power too.' },
      },
    ]);
    // Rendered without a single script that runs.
    expect(html.match(/<script(?![^>]*application\/ld\+json)/g)).toBeNull();
  });

  it("shows a business page's real testimonial average and count, in the text and in JSON-LD", async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Gulf Coast Gloss', phone: '(713) 555-0188' });
    for (const rating of [5, 4, 5]) {
      await createTestimonial(t.db, owner.userId, {
        customerName: 'Ana',
        rating,
        testimonialText: 'Great work',
      });
    }
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: 'gulf-coast-houston-tx',
      city: 'Houston',
      state: 'TX',
    });
    const html = await (await t.request('/seo/gulf-coast-houston-tx')).text();
    expect(html).toContain('4.7 from 3 reviews');
    expect(html).not.toContain('127 reviews');
    // Book Now goes to the readable link (issue 16), naming this page as the landing page.
    expect(html).toContain('href="/book/gulf-coast-gloss?from=%2Fseo%2Fgulf-coast-houston-tx"');
    expect(html).toContain('Call (713) 555-0188');
    expect(html).toContain('Why Choose Gulf Coast Gloss?');
    expect(byType(html, 'AutoWash')).toMatchObject({
      name: 'Gulf Coast Gloss',
      telephone: '(713) 555-0188',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 3 },
    });
  });

  it("serves an unverified business's page noindex and keeps it out of the sitemap until the business is verified", async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Cheap Pills Detailing' });
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: 'cheap-pills-dallas-tx',
      city: 'Dallas',
      state: 'TX',
    });
    const before = await (await t.request('/seo/cheap-pills-dallas-tx')).text();
    expect(before).toContain('<meta name="robots" content="noindex, follow">');
    expect(await (await t.request('/sitemap.xml')).text()).not.toContain('cheap-pills-dallas-tx');

    const version = async () =>
      (
        await t.db.execute<{ v: number }>(
          sql`select render_version as v from city_seo_pages where slug = 'cheap-pills-dallas-tx'`,
        )
      ).rows[0]!.v;
    const v1 = await version();
    await updateProfile(t.db, owner.userId, { verificationStatus: 'verified' });
    // The verification moves the pages' render version, so every instance renders them again (decision 309).
    expect(await version()).toBe(v1 + 1);
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: 'cheap-pills-plano-tx',
      city: 'Plano',
      state: 'TX',
    });
    const after = await (await t.request('/seo/cheap-pills-plano-tx')).text();
    expect(after).toContain('<meta name="robots" content="index, follow">');
    expect(await (await t.request('/sitemap.xml')).text()).toContain(
      '<loc>http://localhost:3000/seo/cheap-pills-dallas-tx</loc>',
    );
  });

  it('shows no rating at all for a business without testimonials', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Fresh Start Mobile' });
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: 'fresh-start-waco-tx',
      city: 'Waco',
      state: 'TX',
    });
    const html = await (await t.request('/seo/fresh-start-waco-tx')).text();
    expect(html).not.toMatch(/from \d+ reviews?/);
    expect(byType(html, 'AutoWash').aggregateRating).toBeUndefined();
  });

  it('never lets stored <script> reach the public page', async () => {
    // Stored straight into the table, as if the sanitiser at write time had been bypassed.
    await createSeoPage(t.db, {
      slug: 'hostile-content-tx',
      city: 'El Paso</title><script>alert(1)</script>',
      state: 'TX',
      areaZips: ['78701'],
      pageTitle: 'Detailing <script>alert("title")</script>',
      metaDescription: '"><script>alert("meta")</script>',
      content:
        '<p onclick="alert(1)">Shine</p><script>alert("body")</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.test"></iframe><style>body{display:none}</style>',
      faq: [
        { question: 'Is it safe?</script><script>alert("faq")</script>', answer: '<b>Yes</b>' },
        { question: '<script>alert("only")</script>', answer: 'dropped' },
      ],
    });
    const res = await t.request('/seo/hostile-content-tx');
    expect(res.status).toBe(200);
    const html = await res.text();
    const executable = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/gi);
    expect(executable).toBeNull();
    expect(html).not.toContain('alert("body")');
    expect(html).not.toMatch(/onclick|onerror|javascript:|<iframe|<img/i);
    expect(html).toContain('<p>Shine</p>');
    expect(html).toContain('Detailing &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    // Inside JSON-LD, nothing can close the script element: the raw title survives as data, escaped.
    expect(structuredData(html)).toHaveLength(3);
    expect(byType(html, 'BreadcrumbList').itemListElement[1].name).toBe(
      'Detailing <script>alert("title")</script>',
    );
    expect(byType(html, 'FAQPage').mainEntity).toEqual([
      { '@type': 'Question', name: 'Is it safe?', acceptedAnswer: { '@type': 'Answer', text: 'Yes' } },
    ]);
  });

  it('answers 404 with the 404 page for unknown slugs and for pages that are not complete', async () => {
    await createSeoPage(t.db, { slug: 'draft-page-tx', city: 'Plano', state: 'TX', status: 'draft' });
    await createSeoPage(t.db, { slug: 'error-page-tx', city: 'Plano', state: 'TX', status: 'error' });
    for (const path of ['/seo/no-such-page', '/seo/draft-page-tx', '/seo/error-page-tx', '/seo/Bad%20Slug']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain('Oops! Page not found');
      expect(html).toContain('href="/"');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    await createSeoPage(t.db, { slug: 'etag-page-tx', city: 'Frisco', state: 'TX' });
    const first = await t.request('/seo/etag-page-tx');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.request('/seo/etag-page-tx', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('robots.txt allows the public site, keeps private areas out and points to the sitemap', async () => {
    const res = await t.request('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists every complete page and no draft', async () => {
    await createSeoPage(t.db, { slug: 'sitemap-complete-tx', city: 'Katy', state: 'TX' });
    await createSeoPage(t.db, { slug: 'sitemap-draft-tx', city: 'Katy', state: 'TX', status: 'draft' });
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>http://localhost:3000/seo/sitemap-complete-tx</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/seo/car-detailing-austin-tx</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/book</loc>');
    expect(xml).not.toContain('sitemap-draft-tx');
    expect(xml).not.toContain('/dashboard');
  });

  it('becomes a sitemap index past 50,000 URLs, each part holding at most 50,000', async () => {
    // Sitemaps list pages in slug order: this one sorts after the bulk pages, so it lands in the second part.
    await createSeoPage(t.db, { slug: 'zz-sitemap-last-tx', city: 'Katy', state: 'TX' });
    await t.db.execute(sql`
      insert into city_seo_pages (slug, city, state, page_title, status, content)
      select 'bulk-sitemap-' || lpad(g::text, 6, '0'), 'Town', 'OH', 'Detailing in Town, OH', 'complete', '<p>x</p>'
      from generate_series(1, 50001) g`);
    const index = await (await t.request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1]!.replace('http://localhost:3000', ''),
    );
    expect(locs).toEqual(['/sitemaps/static.xml', '/sitemaps/seo-1.xml', '/sitemaps/seo-2.xml']);
    const part1 = await (await t.request('/sitemaps/seo-1.xml')).text();
    const part2 = await (await t.request('/sitemaps/seo-2.xml')).text();
    const count = (xml: string) => (xml.match(/<url>/g) ?? []).length;
    const complete = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from city_seo_pages p left join profiles b on b.id = p.business_id
      where p.status = 'complete' and (p.business_id is null or b.verification_status = 'verified')`);
    expect(count(part1)).toBe(50_000);
    expect(count(part1) + count(part2)).toBe(Number(complete.rows[0]!.n));
    expect(part2).toContain('/seo/zz-sitemap-last-tx');
    expect(count(await (await t.request('/sitemaps/static.xml')).text())).toBeGreaterThan(3);
    expect((await t.request('/sitemaps/seo-3.xml')).status).toBe(404);
  });
});
