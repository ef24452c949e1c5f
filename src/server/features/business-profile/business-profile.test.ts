import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  businessPageSlug,
  cityStateFromAddress,
  linesToList,
  parseIntegerOrZero,
} from '../../../shared/business-profile';
import { updateProfile } from '../../db/factories';
import { citySeoPages, profiles } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();
type Owner = Awaited<ReturnType<typeof t.signUp>>;

const FULL_PROFILE = {
  businessName: 'Lone Star Mobile Detailing',
  businessTagline: 'Showroom shine in your driveway',
  businessDescription: 'Family-run mobile detailing.',
  businessAddress: '500 Congress Ave, Austin, TX 78701',
  serviceRadiusMiles: 25,
  phone: '(512) 555-0142',
  businessEmail: 'Hello@LoneStar.test',
  websiteUrl: 'lonestar.test',
  yearsInBusiness: 8,
  insuranceInfo: '$2M general liability',
  aboutOwner: 'Maya has detailed cars for 12 years.',
  certifications: ['IDA Certified Detailer', ''],
  specialties: ['Ceramic coatings', 'Paint correction'],
  serviceGuarantees: ['100% satisfaction'],
};

const saveProfile = (owner: Owner, json: unknown) =>
  t.request('/api/business-profile', { method: 'PUT', cookie: owner.cookie, json });
const addTestimonial = (owner: Owner, json: unknown) =>
  t.request('/api/business-profile/testimonials', { method: 'POST', cookie: owner.cookie, json });
const generate = (owner: Owner) =>
  t.request('/api/business-profile/business-page', { method: 'POST', cookie: owner.cookie });

describe('parsing rules (§5, §9)', () => {
  it('parses integers with a default of 0 and one-per-line lists', () => {
    expect([
      parseIntegerOrZero('25'),
      parseIntegerOrZero(''),
      parseIntegerOrZero('abc'),
      parseIntegerOrZero('12.7'),
      parseIntegerOrZero('-3'),
    ]).toEqual([25, 0, 0, 12, 0]);
    expect(linesToList('  IDA Certified \n\n Ceramic Pro\r\n')).toEqual(['IDA Certified', 'Ceramic Pro']);
  });

  it('makes the slug from the business name plus -auto-detailing', () => {
    expect(businessPageSlug('Lone Star Mobile Detailing')).toBe('lone-star-mobile-detailing-auto-detailing');
    expect(businessPageSlug("  Mike's  Shine & Go! ")).toBe('mikes-shine-go-auto-detailing');
    expect(businessPageSlug('Café Élan')).toBe('cafe-elan-auto-detailing');
  });

  it('takes city and state from the 2nd and 3rd parts of the address, defaulting to Local and Area', () => {
    expect(cityStateFromAddress('500 Congress Ave, Austin, TX 78701')).toEqual({
      city: 'Austin',
      state: 'TX',
    });
    expect(cityStateFromAddress('1 Main St, Springfield, Illinois')).toEqual({
      city: 'Springfield',
      state: 'Illinois',
    });
    expect(cityStateFromAddress('1 Main St, Springfield')).toEqual({ city: 'Springfield', state: 'Area' });
    expect(cityStateFromAddress('1 Main St')).toEqual({ city: 'Local', state: 'Area' });
    expect(cityStateFromAddress(null)).toEqual({ city: 'Local', state: 'Area' });
    expect(cityStateFromAddress('1 Main St, , ')).toEqual({ city: 'Local', state: 'Area' });
  });
});

describe('business profile', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/business-profile')).status).toBe(401);
    expect((await t.request('/api/business-profile', { method: 'PUT', json: FULL_PROFILE })).status).toBe(
      401,
    );
  });

  it('saves and reads every field of the four tabs', async () => {
    const owner = await t.signUp();
    const res = await saveProfile(owner, FULL_PROFILE);
    expect(res.status).toBe(200);
    const body = await (await t.request('/api/business-profile', { cookie: owner.cookie })).json();
    expect(body).toEqual({
      ...FULL_PROFILE,
      businessEmail: 'hello@lonestar.test',
      websiteUrl: 'https://lonestar.test/',
      certifications: ['IDA Certified Detailer'],
      businessPage: null,
    });
  });

  it('stores empty optional fields as null and lists as empty', async () => {
    const owner = await t.signUp();
    const res = await saveProfile(owner, {
      businessName: 'Shiny',
      businessTagline: '',
      phone: '  ',
      websiteUrl: '',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      businessTagline: null,
      phone: null,
      websiteUrl: null,
      serviceRadiusMiles: 0,
      yearsInBusiness: 0,
      specialties: [],
    });
  });

  it.each([
    [{ businessName: '' }, 'Business name is required'],
    [{ businessName: '   ' }, 'Business name is required'],
    [{}, 'Business name is required'],
    [{ businessName: 'X', businessEmail: 'nope' }, 'Please enter a valid email address'],
    [{ businessName: 'X', websiteUrl: 'not a url' }, 'Please enter a valid website URL'],
    [{ businessName: 'X', serviceRadiusMiles: -1 }, 'Enter a whole number of 0 or more'],
  ])('rejects %j', async (json, message) => {
    const owner = await t.signUp();
    const res = await saveProfile(owner, json);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });
});

describe('testimonials', () => {
  it('adds with the initial and rating defaults, lists newest first, features and deletes', async () => {
    const owner = await t.signUp();
    const first = await addTestimonial(owner, {
      customerName: 'jordan reyes',
      testimonialText: 'Spotless!',
      serviceType: 'Premium Detail',
    });
    expect(first.status).toBe(201);
    const a = await first.json();
    expect(a).toMatchObject({
      customerInitial: 'J',
      rating: 5,
      isFeatured: false,
      serviceType: 'Premium Detail',
    });
    expect(a.dateReceived).toBe(new Date().toISOString().slice(0, 10));
    const b = await (
      await addTestimonial(owner, {
        customerName: 'Priya',
        testimonialText: 'Great',
        rating: 4,
        customerInitial: 'q',
      })
    ).json();
    expect(b).toMatchObject({ customerInitial: 'Q', rating: 4, serviceType: null });

    const list = await (
      await t.request('/api/business-profile/testimonials', { cookie: owner.cookie })
    ).json();
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);

    const featured = await t.request(`/api/business-profile/testimonials/${a.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isFeatured: true },
    });
    expect(featured.status).toBe(200);
    expect((await featured.json()).isFeatured).toBe(true);
    const unfeatured = await t.request(`/api/business-profile/testimonials/${a.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isFeatured: false },
    });
    expect((await unfeatured.json()).isFeatured).toBe(false);

    const del = await t.request(`/api/business-profile/testimonials/${a.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    const malformed = await t.request('/api/business-profile/testimonials/not-a-uuid', {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(malformed.status).toBe(404);
    expect((await malformed.json()).error.message).toBe('Testimonial not found');
    const after = await (
      await t.request('/api/business-profile/testimonials', { cookie: owner.cookie })
    ).json();
    expect(after.items.map((x: { id: string }) => x.id)).toEqual([b.id]);
  });

  it.each([
    [{ testimonialText: 'Great' }, 'Please fill in customer name and testimonial text'],
    [{ customerName: '  ', testimonialText: 'Great' }, 'Please fill in customer name and testimonial text'],
    [{ customerName: 'Al' }, 'Please fill in customer name and testimonial text'],
    [
      { customerName: 'Al', testimonialText: 'Great', rating: 0 },
      'Rating must be a whole number from 1 to 5',
    ],
    [
      { customerName: 'Al', testimonialText: 'Great', rating: 6 },
      'Rating must be a whole number from 1 to 5',
    ],
    [
      { customerName: 'Al', testimonialText: 'Great', rating: 4.5 },
      'Rating must be a whole number from 1 to 5',
    ],
  ])('rejects %j', async (json, message) => {
    const owner = await t.signUp();
    const res = await addTestimonial(owner, json);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('keeps the initial to one character', async () => {
    const owner = await t.signUp();
    const res = await addTestimonial(owner, { customerName: 'ßara', testimonialText: 'Nice' });
    expect((await res.json()).customerInitial).toBe('S');
  });
});

describe('Generate Business Page', () => {
  it('needs a business name', async () => {
    const owner = await t.signUp();
    const res = await generate(owner);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please complete your business profile first');
  });

  it('inserts a complete page by the §9 rules with at most the first 3 featured testimonials, served at /seo/{slug}', async () => {
    const owner = await t.signUp();
    await saveProfile(owner, FULL_PROFILE);
    const names = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve'];
    for (const [i, name] of names.entries()) {
      const x = await (
        await addTestimonial(owner, {
          customerName: name,
          testimonialText: `Review by ${name} <script>alert(1)</script>`,
        })
      ).json();
      if (i !== 2) {
        await t.request(`/api/business-profile/testimonials/${x.id}`, {
          method: 'PATCH',
          cookie: owner.cookie,
          json: { isFeatured: true },
        });
      }
    }
    const res = await generate(owner);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      slug: 'lone-star-mobile-detailing-auto-detailing',
      url: '/seo/lone-star-mobile-detailing-auto-detailing',
      pageTitle: 'Lone Star Mobile Detailing | Auto Detailing in Austin, TX',
      created: true,
    });
    const [page] = await t.db.select().from(citySeoPages).where(eq(citySeoPages.slug, body.slug));
    expect(page).toMatchObject({
      businessId: owner.userId,
      city: 'Austin',
      state: 'TX',
      keywords: ['auto detailing', 'car wash'],
      status: 'complete',
      metaDescription: 'Lone Star Mobile Detailing: Showroom shine in your driveway',
    });
    // Newest featured first: Eve, Dan, Ben (Cat is not featured, Ann is the fourth).
    expect(page!.content).toContain('Review by Eve');
    expect(page!.content).toContain('Review by Dan');
    expect(page!.content).toContain('Review by Ben');
    expect(page!.content).not.toContain('Review by Cat');
    expect(page!.content).not.toContain('Review by Ann');
    expect(page!.content).not.toContain('<script');
    expect(page!.content).toContain('Ceramic coatings');

    const html = await t.request(body.url);
    expect(html.status).toBe(200);
    const text = await html.text();
    expect(text).toContain('<title>Lone Star Mobile Detailing | Auto Detailing in Austin, TX</title>');
    expect(text).toContain('<h1>Lone Star Mobile Detailing | Auto Detailing in Austin, TX</h1>');
    expect(text).toContain('Serving Austin, TX');
    expect(text).toContain('Review by Eve');
    expect(text).not.toContain('<script>alert(1)');
  });

  it('regenerating updates the same page, following a new name and address', async () => {
    const owner = await t.signUp();
    await saveProfile(owner, { businessName: 'Glow Getters', businessAddress: '9 Elm St' });
    const first = await (await generate(owner)).json();
    expect(first).toMatchObject({
      slug: 'glow-getters-auto-detailing',
      pageTitle: 'Glow Getters | Auto Detailing in Local, Area',
      created: true,
    });
    // Read (and so cached by the public renderer) before it is regenerated.
    expect((await t.request('/seo/glow-getters-auto-detailing')).status).toBe(200);
    await saveProfile(owner, {
      businessName: 'Glow Getters',
      businessAddress: '9 Elm St',
      businessTagline: 'Now with ceramic',
    });
    expect((await (await generate(owner)).json()).slug).toBe('glow-getters-auto-detailing');
    expect(await (await t.request('/seo/glow-getters-auto-detailing')).text()).toContain('Now with ceramic');
    await saveProfile(owner, { businessName: 'Glow Getters Pro', businessAddress: '9 Elm St, Denver, CO' });
    const second = await (await generate(owner)).json();
    expect(second).toMatchObject({ slug: 'glow-getters-pro-auto-detailing', created: false });
    const pages = await t.db.select().from(citySeoPages).where(eq(citySeoPages.businessId, owner.userId));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ city: 'Denver', state: 'CO', slug: 'glow-getters-pro-auto-detailing' });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, owner.userId));
    expect(profile!.businessPageId).toBe(pages[0]!.id);
    // The old address stops answering at once, even though the public renderer caches pages.
    expect((await t.request('/seo/glow-getters-auto-detailing')).status).toBe(404);
    expect(await (await t.request('/seo/glow-getters-pro-auto-detailing')).text()).toContain(
      'Serving Denver, CO',
    );
    const read = await (await t.request('/api/business-profile', { cookie: owner.cookie })).json();
    expect(read.businessPage).toEqual({
      slug: 'glow-getters-pro-auto-detailing',
      url: '/seo/glow-getters-pro-auto-detailing',
    });
  });

  it("does not take over another business's page with the same name", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await updateProfile(t.db, a.userId, { businessName: 'Twin Shine' });
    await updateProfile(t.db, b.userId, { businessName: 'Twin Shine' });
    const pa = await (await generate(a)).json();
    const pb = await (await generate(b)).json();
    expect(pa.slug).toBe('twin-shine-auto-detailing');
    expect(pb.slug).toBe('twin-shine-auto-detailing-2');
    const again = await (await generate(a)).json();
    expect(again.slug).toBe('twin-shine-auto-detailing');
  });

  it('serves 404 for an unknown or unfinished slug', async () => {
    const owner = await t.signUp();
    await t.db.insert(citySeoPages).values({
      businessId: owner.userId,
      city: 'A',
      state: 'B',
      pageTitle: 'Draft',
      slug: 'a-draft-page',
      status: 'draft',
    });
    expect((await t.request('/seo/a-draft-page')).status).toBe(404);
    const unknown = await t.request('/seo/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Oops! Page not found');
  });
});

describe('tenancy', () => {
  it("answers 404 for another business's testimonial", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const x = await (await addTestimonial(a, { customerName: 'Ann', testimonialText: 'Great' })).json();
    const patch = await t.request(`/api/business-profile/testimonials/${x.id}`, {
      method: 'PATCH',
      cookie: b.cookie,
      json: { isFeatured: true },
    });
    expect(patch.status).toBe(404);
    const del = await t.request(`/api/business-profile/testimonials/${x.id}`, {
      method: 'DELETE',
      cookie: b.cookie,
    });
    expect(del.status).toBe(404);
    const bList = await (await t.request('/api/business-profile/testimonials', { cookie: b.cookie })).json();
    expect(bList.items).toEqual([]);
    const aList = await (await t.request('/api/business-profile/testimonials', { cookie: a.cookie })).json();
    expect(aList.items[0].isFeatured).toBe(false);
  });
});
