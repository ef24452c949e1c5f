import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSeoPage, createServiceArea } from '../../../db/factories';
import { emailWaitlist } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';

// Platform SEO pages never claim coverage where no active business serves the page's area (issue 25, item 6;
// docs/decisions/0950): no "our detailers cover", no phone, no paid booking; the waitlist instead.
const t = await createTestContext({ seo: { platformPhone: '(512) 555-0100' }, jobs: 'memory' });

// What a generated page says about its area (the template generator's own words).
const CLAIMING_CONTENT = (city: string, zip: string) =>
  `<section><h2>Areas we serve around ${city}</h2><p>Our detailers cover ${city}, including zip codes ${zip}.</p></section>`;

const page = (slug: string, city: string, state: string, zip: string) =>
  createSeoPage(t.db, {
    slug,
    city,
    state,
    pageTitle: `Mobile Car Detailing in ${city}, ${state}`,
    metaDescription: `Mobile car detailing in ${city}. Mobile detailers come to you. Serving zip codes ${zip}.`,
    content: CLAIMING_CONTENT(city, zip),
    faq: [
      { question: `Which areas around ${city} do you serve?`, answer: `We serve ${city} and nearby areas.` },
    ],
  });

// An Austin business: an active area elsewhere must not make Providence "served".
const austin = await t.signUp();
await createServiceArea(t.db, austin.userId, {
  zipCode: '78701',
  city: 'Austin',
  state: 'Texas',
  stateCode: 'TX',
  isActive: true,
});

describe('platform SEO page for an area nobody serves', () => {
  it('offers the waitlist and claims no coverage: no cover text, no phone, no booking link, no business in JSON-LD', async () => {
    await page('mobile-car-detailing-providence-ri', 'Providence', 'RI', '02903');
    const res = await t.request('/seo/mobile-car-detailing-providence-ri');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('Our detailers cover');
    expect(html).not.toContain('Serving Providence');
    expect(html).not.toContain('We serve Providence');
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('555-0100');
    expect(html).not.toMatch(/href="\/book/);
    expect(html).not.toContain('AutoWash');
    expect(html).not.toContain('4.8 from 127 reviews');
    expect(html).toContain('Coming soon to Providence, RI');
    expect(html).toContain(
      '<form class="wl" id="waitlist" method="post" action="/seo/mobile-car-detailing-providence-ri/waitlist">',
    );
    // The waitlist starts from the city's own first zip.
    expect(html).toContain(
      'name="zip_code" inputmode="numeric" pattern="[0-9]{5}" maxlength="5" autocomplete="postal-code" required value="02901"',
    );
    expect(html).toContain('<a class="book" href="#waitlist">Join Waitlist</a>');
  });

  it('joins the waitlist from the page form without payment; bad input answers 400 with the message', async () => {
    await page('car-detailing-warwick-ri', 'Warwick', 'RI', '02886');
    const form = (body: Record<string, string>) =>
      t.request('/seo/car-detailing-warwick-ri/waitlist', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const joined = await form({ email: 'Dana@Example.com', zip_code: '02886' });
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain("You're on the list!");
    const rows = await t.db
      .select()
      .from(emailWaitlist)
      .where(and(eq(emailWaitlist.email, 'dana@example.com'), eq(emailWaitlist.zipCode, '02886')));
    expect(rows).toHaveLength(1);

    const bad = await form({ email: 'not-an-email', zip_code: '02886' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Please enter a valid email address');
    expect((await form({ email: 'dana@example.com', zip_code: '2886' })).status).toBe(400);
    const unknown = await t.request('/seo/no-such-page/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&zip_code=02886',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('platform SEO page for a served area', () => {
  it('keeps its behaviour: serving line, stored copy, Book Now and the Call button', async () => {
    await page('mobile-car-detailing-austin-tx', 'Austin', 'TX', '78701');
    const html = await (await t.request('/seo/mobile-car-detailing-austin-tx')).text();
    expect(html).toContain('Serving Austin, TX');
    expect(html).toContain('Our detailers cover Austin');
    expect(html).toContain(
      '<a class="btn primary" href="/book?from=%2Fseo%2Fmobile-car-detailing-austin-tx">Book Now</a>',
    );
    expect(html).toContain('href="tel:5125550100"');
    expect(html).not.toContain('id="waitlist"');
  });

  it('changes as soon as a service area in the page area is activated or deactivated (the cached render is dropped)', async () => {
    await page('car-detailing-cranston-ri', 'Cranston', 'RI', '02920');
    const before = await (await t.request('/seo/car-detailing-cranston-ri')).text();
    expect(before).toContain('Coming soon to Cranston, RI');

    const owner = await t.signUp();
    const created = await t.request('/api/service-areas', {
      method: 'POST',
      cookie: owner.cookie,
      json: { zipCode: '02920', city: 'Cranston', state: 'Rhode Island', stateCode: 'RI' },
    });
    expect(created.status).toBe(201);
    const area = await created.json();
    // Created inactive: still nobody serves it.
    expect(await (await t.request('/seo/car-detailing-cranston-ri')).text()).toContain(
      'Coming soon to Cranston, RI',
    );

    const on = await t.request(`/api/service-areas/${area.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isActive: true },
    });
    expect(on.status).toBe(200);
    const served = await (await t.request('/seo/car-detailing-cranston-ri')).text();
    expect(served).toContain('Serving Cranston, RI');
    expect(served).toContain('Book Now');

    const off = await t.request(`/api/service-areas/${area.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    const again = await (await t.request('/seo/car-detailing-cranston-ri')).text();
    expect(again).toContain('Coming soon to Cranston, RI');
    expect(again).not.toContain('tel:');
  });
});
