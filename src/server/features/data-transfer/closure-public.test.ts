import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  createSeoPage,
  createServiceArea,
  updateProfile,
} from '../../db/factories';
import { invoices, maintenancePlans } from '../../db/schema';
import { createAppServer } from '../../http/node-listener';
import { signedToken } from '../../http/tokens';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { invoicePageUrl } from '../invoices/documents';
import { PublicPages } from '../seo/public/public-pages';
import { publicPageListener } from '../seo/public/seo-public.routes';
import { publicPagesOf } from '../seo/seo-settings';

// Closed businesses stay closed everywhere (decision 1285): once the owner closes the account, its city page — from
// this instance's memory on the HTTP server's fast path, from another instance's memory, from the app route and the
// sitemap — its booking page, the zip check, its pay links, galleries and plans pages all answer as unknown at once;
// another business's stay up.

const t = await createTestContext({ seo: { platformPhone: '(512) 555-0100' } });

async function business(name: string, slug: string, zip: string) {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  // Verified: its page is in the sitemap while it is open.
  await updateProfile(t.db, owner.userId, {
    businessName: name,
    bookingSlug: slug,
    verificationStatus: 'verified',
  });
  await createServiceArea(t.db, owner.userId, {
    zipCode: zip,
    city: 'Austin',
    state: 'Texas',
    stateCode: 'TX',
    isActive: true,
  });
  const page = await createSeoPage(t.db, {
    slug: `${slug}-austin-tx`,
    city: 'Austin',
    state: 'TX',
    businessId: owner.userId,
    pageTitle: `${name} in Austin, TX`,
  });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Cora',
    lastName: 'Client',
    email: `${slug}@example.com`,
  });
  const booking = await createBooking(t.db, owner.userId, {
    service: service!,
    customerId: customer.id,
    scheduledAt: new Date('2026-11-20T15:00:00Z'),
    locationAddress: '1 Main St, Austin, TX 78701',
    quotedPriceCents: 12000,
    status: 'completed',
  });
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      businessId: owner.userId,
      number: 1,
      customerName: 'Doe',
      customerEmail: 'doe@example.com',
      items: [],
      subtotalCents: 5000,
      taxRateBps: 0,
      taxCents: 0,
      totalCents: 5000,
      paidCents: 0,
      status: 'unpaid',
      dueAt: new Date('2026-12-10T12:00:00Z'),
    })
    .returning();
  await t.db.insert(maintenancePlans).values({
    businessId: owner.userId,
    name: 'Monthly Wash',
    monthlyPriceCents: 4900,
    includedCredits: 1,
    creditPeriod: 'month',
    vehicleTypes: ['sedan'],
  });
  return {
    ...owner,
    slug,
    zip,
    page,
    payPath: invoicePageUrl({ publicUrl: '', linkSecret: t.deps.linkSecret }, invoice!.id),
    galleryPath: `/api/public/gallery/${signedToken(t.deps.linkSecret, 'gallery', booking.id)}`,
  };
}

const closing = await business('Alpha Shine', 'alpha-shine', '78701');
const staying = await business('Bravo Gloss', 'bravo-gloss', '78702');

// The app behind the app's HTTP server, with the /seo/{slug} fast path ahead of it, as main.ts serves it.
const fastPath = publicPageListener(t.deps);
const appListener = getRequestListener(t.app.fetch);
const server = createAppServer((req, res) => {
  if (!fastPath(req, res)) void appListener(req, res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Another app instance on the same database, holding the pages in its own memory. */
const otherInstance = new PublicPages(t.db, {
  publicUrl: TEST_ORIGIN,
  platformPhone: '(512) 555-0100',
  maxBytes: 8 * 1024 * 1024,
});
await otherInstance.sync();

const zipCheck = async (zip: string) =>
  (await (await t.request(`/api/public/availability?zip=${zip}`)).json()) as { available: boolean };

/** Every public surface of a business, by HTTP status (the city page through the real server's fast path). */
async function publicStatuses(b: typeof closing) {
  return {
    seoPage: (await fetch(`${base}/seo/${b.page.slug}`)).status,
    seoPageInApp: (await t.request(`/seo/${b.page.slug}`)).status,
    bookingOptions: (await t.request(`/api/booking/options?business=${b.slug}`)).status,
    payPage: (await fetch(`${base}${b.payPath}`)).status,
    gallery: (await t.request(b.galleryPath)).status,
    plans: (await t.request(`/api/public/memberships/business/${b.slug}`)).status,
    zipServed: (await zipCheck(b.zip)).available,
  };
}

const open = {
  seoPage: 200,
  seoPageInApp: 200,
  bookingOptions: 200,
  payPage: 200,
  gallery: 200,
  plans: 200,
  zipServed: true,
};

describe('closing the account stops every public page and booking of the business at once', () => {
  it('serves both businesses before, with the pages held in memory on both instances', async () => {
    expect(await publicStatuses(closing)).toEqual(open);
    expect(await publicStatuses(staying)).toEqual(open);
    // Held in memory: the next answers come from the fast path's map without a database read.
    expect(publicPagesOf(t.deps).get(closing.page.slug)).toBeDefined();
    await otherInstance.load(closing.page.slug);
    expect(otherInstance.get(closing.page.slug)).toBeDefined();
  });

  it('after the owner closes it: 404 everywhere for it (both instances), nothing changed for the other', async () => {
    const res = await t.request('/api/data/closure', {
      method: 'POST',
      cookie: closing.cookie,
      json: { businessName: 'Alpha Shine' },
    });
    expect(res.status).toBe(200);

    expect(await publicStatuses(closing)).toEqual({
      seoPage: 404,
      seoPageInApp: 404,
      bookingOptions: 404,
      payPage: 404,
      gallery: 404,
      plans: 404,
      zipServed: false,
    });
    // The other instance drops its copy on its next read of the change feed (about once a second).
    await otherInstance.sync();
    expect(otherInstance.get(closing.page.slug)).toBeUndefined();
    expect(await otherInstance.load(closing.page.slug)).toBeNull();
    // The sitemap no longer lists it.
    const sitemap = await (await t.request('/sitemap.xml')).text();
    expect(sitemap).not.toContain(closing.page.slug);

    expect(await publicStatuses(staying)).toEqual(open);
    expect(
      otherInstance.get(staying.page.slug) ?? (await otherInstance.load(staying.page.slug)),
    ).toBeTruthy();
  });
});
