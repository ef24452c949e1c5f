import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GALLERY_TEXT } from '../../../shared/gallery';
import { assignBooking, createBooking, createCustomer, grantRole } from '../../db/factories';
import { bookingPhotoConsents, bookings, citySeoPages, messageSends } from '../../db/schema';
import { signedToken } from '../../http/tokens';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';

// The customer's before/after gallery and featured photos (decision 1244): the link sent with the completion opens
// only its booking's photos; a wrong token is 404; featuring needs the customer's consent (given at booking or on the
// gallery); another business's booking or photo is 404.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
const stranger = await t.signUp({ firstName: 'Sam', lastName: 'Stranger' });
const [service] = await bookableBusiness(t.db, owner.userId);
const customer = await createCustomer(t.db, owner.userId, {
  firstName: 'Cora',
  lastName: 'Client',
  email: `cora.${owner.userId}@example.com`,
});

const jpeg = new Uint8Array(
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer(),
);
const png = new Uint8Array(
  await sharp({ create: { width: 300, height: 120, channels: 4, background: '#ffffff' } })
    .png()
    .toBuffer(),
);

const send = (path: string, init: { json?: unknown; body?: FormData; cookie?: string }) =>
  t.request(path, {
    method: 'POST',
    cookie: init.cookie ?? tech.cookie,
    headers: { 'idempotency-key': crypto.randomUUID() },
    ...(init.body ? { body: init.body } : { json: init.json }),
  });

async function photo(bookingId: string, kind: 'before' | 'after') {
  const form = new FormData();
  form.set('kind', kind);
  form.set('deviceTime', new Date().toISOString());
  form.set('file', new File([Buffer.from(jpeg)], `${kind}.jpg`, { type: 'image/jpeg' }));
  const res = await send(`/api/field/jobs/${bookingId}/photos`, { body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** A job worked in the field: a before and an after photo, then completed with a signature. */
async function workedJob() {
  const b = await createBooking(t.db, owner.userId, {
    service: { id: service!.id, name: 'Premium Detail', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + 3_600_000),
    locationAddress: '500 Congress Ave, Austin, TX 78701',
    quotedPriceCents: 12000,
    status: 'confirmed',
  });
  await assignBooking(t.db, owner.userId, b.id, tech.userId);
  const before = await photo(b.id, 'before');
  await send(`/api/field/jobs/${b.id}/check-in`, { json: { deviceTime: new Date().toISOString() } });
  const after = await photo(b.id, 'after');
  const done = await send(`/api/field/jobs/${b.id}/complete`, {
    json: {
      deviceTime: new Date().toISOString(),
      signature: { pngBase64: Buffer.from(png).toString('base64'), signerName: 'Cora Client' },
    },
  });
  expect(await done.json()).toMatchObject({ status: 'completed' });
  return { id: b.id, before, after };
}

const first = await workedJob();
const second = await workedJob();
const tokenOf = (url: string) => url.split('/gallery/')[1]!;

async function galleryLinkSent(bookingId: string) {
  const rows = await t.db
    .select()
    .from(messageSends)
    .where(and(eq(messageSends.bookingId, bookingId), eq(messageSends.kind, 'job_gallery')));
  expect(rows).toHaveLength(1);
  const link = rows[0]!.body.match(/https?:\/\/\S+\/gallery\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

describe('the gallery link sent with the completion', () => {
  it('is emailed once with the completion, and opens only its booking’s photos', async () => {
    const link = await galleryLinkSent(first.id);
    const res = await t.request(`/api/public/gallery/${tokenOf(link)}`);
    expect(res.status).toBe(200);
    const gallery = await res.json();
    expect(gallery).toMatchObject({ serviceName: 'Premium Detail', consent: false });
    expect(gallery.photos.map((p: { id: string }) => p.id)).toEqual([first.before, first.after]);
    expect(gallery.photos.map((p: { alt: string }) => p.alt)).toEqual([
      'Before: Premium Detail',
      'After: Premium Detail',
    ]);
    // Nothing else of the business: no customer, prices, address or other bookings (its branding: null off Elite).
    expect(Object.keys(gallery).sort()).toEqual([
      'branding',
      'businessName',
      'consent',
      'date',
      'photos',
      'serviceName',
    ]);
    expect(gallery.branding).toBeNull();
    const image = await t.request(gallery.photos[0].thumbUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('a photo of another booking is 404 through this booking’s token', async () => {
    const token = tokenOf(await galleryLinkSent(first.id));
    expect((await t.request(`/api/public/gallery/${token}/photos/${second.before}`)).status).toBe(404);
    expect((await t.request(`/api/public/gallery/${token}/photos/not-a-uuid`)).status).toBe(404);
  });

  it('a wrong token is 404: random, tampered, or signed for another purpose', async () => {
    const token = tokenOf(await galleryLinkSent(first.id));
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const bad of [
      'x'.repeat(44),
      tampered,
      signedToken(t.deps.linkSecret, 'invoice', first.id),
      signedToken('another-secret', 'gallery', first.id),
    ]) {
      const res = await t.request(`/api/public/gallery/${bad}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(GALLERY_TEXT.notFound);
    }
  });
});

describe('featuring photos on the public business page', () => {
  const feature = (bookingId: string, photoId: string, featured: boolean, cookie = owner.cookie) =>
    t.request(`/api/bookings/${bookingId}/photos/${photoId}/featured`, {
      method: 'PUT',
      cookie,
      json: { featured },
    });

  it('is refused without the customer’s consent', async () => {
    const res = await feature(first.id, first.after, true);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(GALLERY_TEXT.consentRequired);
    expect((await t.request(`/api/public/featured-photos/${first.after}`)).status).toBe(404);
  });

  it('works once the customer agrees on the gallery, and stops when they withdraw', async () => {
    const token = tokenOf(await galleryLinkSent(first.id));
    const agree = await t.request(`/api/public/gallery/${token}/consent`, {
      method: 'PUT',
      json: { consent: true },
    });
    expect(agree.status).toBe(200);
    const view = await (
      await t.request(`/api/bookings/${first.id}/gallery`, { cookie: owner.cookie })
    ).json();
    expect(view).toMatchObject({ consent: { source: 'gallery' } });
    expect(tokenOf(view.url)).toBe(token);
    expect((await feature(first.id, first.after, true)).status).toBe(200);
    const shown = await t.request(`/api/public/featured-photos/${first.after}`);
    expect(shown.status).toBe(200);
    // Un-featured by the owner, then featured again and withdrawn by the customer: gone from the page both times.
    expect((await feature(first.id, first.after, false)).status).toBe(200);
    expect((await t.request(`/api/public/featured-photos/${first.after}`)).status).toBe(404);
    expect((await feature(first.id, first.after, true)).status).toBe(200);
    await t.request(`/api/public/gallery/${token}/consent`, { method: 'PUT', json: { consent: false } });
    expect((await t.request(`/api/public/featured-photos/${first.after}`)).status).toBe(404);
    const after = await (
      await t.request(`/api/bookings/${first.id}/gallery`, { cookie: owner.cookie })
    ).json();
    expect(after.consent).toBeNull();
    expect(after.photos.every((p: { featured: boolean }) => !p.featured)).toBe(true);
  });

  it('moves the business’s public pages to render again', async () => {
    await t.db
      .insert(bookingPhotoConsents)
      .values({ bookingId: second.id, businessId: owner.userId, source: 'gallery' });
    const [page] = await t.db
      .insert(citySeoPages)
      .values({
        businessId: owner.userId,
        city: 'Austin',
        state: 'TX',
        keywords: ['detailing'],
        pageTitle: 'Detailing in Austin',
        slug: `austin-${owner.userId.slice(0, 8).toLowerCase()}`,
        status: 'complete',
        content: '<p>Hi</p>',
      })
      .returning();
    expect((await feature(second.id, second.before, true)).status).toBe(200);
    const [again] = await t.db.select().from(citySeoPages).where(eq(citySeoPages.id, page!.id));
    expect(again!.renderVersion).toBeGreaterThan(page!.renderVersion);
    const html = await (await t.request(`/seo/${page!.slug}`)).text();
    expect(html).toContain('Our work');
    expect(html).toContain(`/api/public/featured-photos/${second.before}`);
    expect(html).toContain('alt="Before: Premium Detail"');
  });

  it('another business’s booking or photo is 404, and a technician may not feature (403)', async () => {
    expect((await feature(first.id, first.after, true, stranger.cookie)).status).toBe(404);
    expect((await t.request(`/api/bookings/${first.id}/gallery`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect((await feature(first.id, second.before, true)).status).toBe(404);
    expect((await feature(first.id, first.after, true, tech.cookie)).status).toBe(403);
  });
});

describe('photos that arrive after the completion (a late sync)', () => {
  const gallerySends = (bookingId: string) =>
    t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.bookingId, bookingId), eq(messageSends.kind, 'job_gallery')));

  it('send the gallery link once, with the first late photo; more photos and a replay send nothing more', async () => {
    const lena = await createCustomer(t.db, owner.userId, {
      firstName: 'Lena',
      lastName: 'Late',
      email: `lena.${owner.userId}@example.com`,
    });
    const b = await createBooking(t.db, owner.userId, {
      service: { id: service!.id, name: 'Premium Detail', durationMinutes: 60 },
      customerId: lena.id,
      scheduledAt: new Date(Date.now() + 3_600_000),
      locationAddress: '500 Congress Ave, Austin, TX 78701',
      quotedPriceCents: 12000,
      status: 'confirmed',
    });
    await assignBooking(t.db, owner.userId, b.id, tech.userId);
    await send(`/api/field/jobs/${b.id}/check-in`, { json: { deviceTime: new Date().toISOString() } });
    const done = await send(`/api/field/jobs/${b.id}/complete`, {
      json: {
        deviceTime: new Date().toISOString(),
        signature: { pngBase64: Buffer.from(png).toString('base64'), signerName: 'Lena Late' },
      },
    });
    expect(await done.json()).toMatchObject({ status: 'completed' });
    // Completed without photos (they were still on the phone): no gallery yet.
    expect(await gallerySends(b.id)).toEqual([]);

    // The phone syncs: an after photo (its request delivered twice), then two more.
    const key = crypto.randomUUID();
    const takenAt = new Date().toISOString();
    const upload = () => {
      const form = new FormData();
      form.set('kind', 'after');
      form.set('deviceTime', takenAt);
      form.set('file', new File([Buffer.from(jpeg)], 'after.jpg', { type: 'image/jpeg' }));
      return t.request(`/api/field/jobs/${b.id}/photos`, {
        method: 'POST',
        cookie: tech.cookie,
        headers: { 'idempotency-key': key },
        body: form,
      });
    };
    expect((await upload()).status).toBe(200);
    const rows = await gallerySends(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', channel: 'email', to: lena.email!.toLowerCase() });
    // More photos may follow, so the message does not count them; the link shows them all.
    expect(rows[0]!.body).not.toMatch(/\(\d+ photos?\)/);
    const replay = await upload();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await photo(b.id, 'after');
    await photo(b.id, 'before');

    expect(await gallerySends(b.id)).toHaveLength(1);
    const mails = (await t.emailsTo(lena.email!)).filter((m) =>
      m.subject?.includes('see the before and after'),
    );
    expect(mails).toHaveLength(1);
    const gallery = await (
      await t.request(`/api/public/gallery/${tokenOf(await galleryLinkSent(b.id))}`)
    ).json();
    expect(gallery.photos).toHaveLength(3);
  });

  it('a job whose completion carried the gallery gets no second message for a later photo', async () => {
    await photo(first.id, 'after');
    expect(await gallerySends(first.id)).toHaveLength(1);
  });

  it('a photo of a job not completed yet sends nothing', async () => {
    const b = await createBooking(t.db, owner.userId, {
      service: { id: service!.id, name: 'Premium Detail', durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 7_200_000),
      locationAddress: '500 Congress Ave, Austin, TX 78701',
      quotedPriceCents: 12000,
      status: 'confirmed',
    });
    await assignBooking(t.db, owner.userId, b.id, tech.userId);
    await photo(b.id, 'before');
    expect(await gallerySends(b.id)).toEqual([]);
  });
});

describe('consent at booking (/book)', () => {
  it('a ticked box on the booking form is the booking’s photo consent; unticked is none', async () => {
    for (const photoConsent of [true, false]) {
      const res = await t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({
          businessId: owner.userId,
          serviceId: service!.id,
          email: `consent-${photoConsent}@example.com`,
          time: photoConsent ? '10:00' : '14:00',
          photoConsent,
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { sessionId, url } = await res.json();
      expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
      const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
      expect(done.status).toBe(200);
      const [b] = await t.db.select().from(bookings).where(eq(bookings.paymentSessionId, sessionId));
      const consents = await t.db
        .select()
        .from(bookingPhotoConsents)
        .where(eq(bookingPhotoConsents.bookingId, b!.id));
      expect(consents.map((c) => c.source)).toEqual(photoConsent ? ['booking'] : []);
    }
  });
});
