import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, updateProfile } from '../../db/factories';
import { invoices, messageSends, quotes } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { hashToken } from '../../http/tokens';
import { localDns } from '../../providers/dns/dns';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { manageUrl, newManageToken } from '../campaigns/automations/customer-links';
import {
  deliverQueued,
  queueTransactionalEmail,
  queueTransactionalSms,
} from '../campaigns/automations/message-queue';
import { galleryUrl } from '../field/gallery.service';
import { invoicePageUrl } from '../invoices/documents';
import { forgetHosts, onCustomerOrigin } from './custom-domain.service';
import { mountCustomDomains } from './custom-domain-host';

// A business's customer links on its verified custom domain (decision 1341): the messages it sends (email and SMS)
// link to https://{its domain}/…, a business without one keeps the platform's address, and the links work on the
// domain through the Host routing — for its own business only.

const t = await createTestContext();
const dns = localDns();
t.deps.dns = dns;
t.deps.customDomainTarget = 'domains.shineroute.test';
const PLATFORM = t.deps.publicUrl.replace(/\/+$/, '');

async function shop(name: string, domain?: string) {
  const owner = await t.signUp({ plan: 'elite' });
  await bookableBusiness(t.db, owner.userId);
  await updateProfile(t.db, owner.userId, {
    businessName: name,
    bookingSlug: name.toLowerCase().replace(/ /g, '-'),
  });
  if (domain) {
    dns.records[domain] = { cname: ['domains.shineroute.test'] };
    const put = await t.request('/api/branding/domain', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { domain },
    });
    expect(put.status).toBe(200);
    const check = await t.request('/api/branding/domain/check', { method: 'POST', cookie: owner.cookie });
    expect((await check.json()).status).toBe('verified');
  }
  const email = `${crypto.randomUUID().slice(0, 8)}@customer.test`;
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Cory',
    lastName: 'Customer',
    email,
  });
  const booking = await createBooking(t.db, owner.userId, {
    service: { id: null, name: 'Wash', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + 86_400_000),
    locationAddress: '1 Main St, Austin, TX 78701',
    quotedPriceCents: 5000,
  });
  return { owner, customer, booking, email };
}

/** A customer message with its links, sent as every transactional message is; its stored email and text. */
async function message(s: Awaited<ReturnType<typeof shop>>, phone: string) {
  const manage = manageUrl(t.deps.publicUrl, await newManageToken(t.db, s.owner.userId, s.booking.id));
  const gallery = galleryUrl(t.deps, s.booking.id);
  const body = `Manage: ${manage}\nPhotos: ${gallery}\nBook again: ${PLATFORM}/book?business=${s.owner.userId}\nUnsubscribe: ${PLATFORM}/unsubscribe/x`;
  const dedupe = crypto.randomUUID();
  const ids = await t.db.transaction(async (tx) => [
    ...(await queueTransactionalEmail(tx, t.deps.publicUrl, {
      businessId: s.owner.userId,
      bookingId: s.booking.id,
      customerId: s.customer.id,
      kind: 'time_change',
      dedupeKey: `test:${dedupe}`,
      to: s.email,
      subject: 'Your booking',
      body,
      html: `<a href="${manage}">Manage</a> <a href="${gallery}">Photos</a>`,
    })),
    ...(await queueTransactionalSms(tx, t.deps.publicUrl, {
      businessId: s.owner.userId,
      bookingId: s.booking.id,
      customerId: s.customer.id,
      kind: 'time_change',
      dedupeKey: `test-sms:${dedupe}`,
      body: `Manage your booking: ${manage}`,
      phone,
    })),
  ]);
  await deliverQueued(t.deps, ids);
  const [email] = await t.emailsTo(s.email);
  const [sms] = await t.emailsTo(phone);
  return { manage, gallery, email: email!, sms: sms! };
}

// The app's routing after the custom-domain step: each request answers with the path it reached.
const pages = new Hono<AppEnv>();
pages.use('*', async (c, next) => {
  c.set('deps', t.deps);
  await next();
});
mountCustomDomains(pages);
pages.all('*', (c) => c.text(c.req.path));
const visit = (host: string, path: string, method = 'GET') =>
  pages.request(`http://${host}${path}`, { method, headers: { host } });
const pathOf = (url: string) => new URL(url).pathname;

describe('customer links on the custom domain', () => {
  it('a business with a verified domain sends its links on it; one without keeps the platform’s', async () => {
    const branded = await shop('Domain Shine', 'book.domainshine.com');
    const plain = await shop('Plain Shine');

    const mine = await message(branded, '+15125550101');
    const manageThere = mine.manage.replace(PLATFORM, 'https://book.domainshine.com');
    expect(mine.email.body).toContain(`Manage: ${manageThere}`);
    expect(mine.email.body).toContain(mine.gallery.replace(PLATFORM, 'https://book.domainshine.com'));
    expect(mine.email.body).toContain(`https://book.domainshine.com/book?business=${branded.owner.userId}`);
    expect(mine.email.html).toContain(`href="${manageThere}"`);
    // ShineRoute's own pages (the unsubscribe link) stay on the platform.
    expect(mine.email.body).toContain(`${PLATFORM}/unsubscribe/x`);
    expect(mine.sms.body).toContain(`Manage your booking: ${manageThere}`);
    expect(mine.email.body).not.toContain(`${PLATFORM}/manage/`);

    const theirs = await message(plain, '+15125550102');
    expect(theirs.email.body).toContain(`Manage: ${theirs.manage}`);
    expect(theirs.manage.startsWith(`${PLATFORM}/manage/`)).toBe(true);
    expect(theirs.sms.body).toContain(theirs.manage);
    expect(theirs.email.body).not.toContain('domainshine');

    // The links work on the domain (the page and the API it calls), for its own business only.
    for (const path of [pathOf(mine.manage), `/api${pathOf(mine.manage)}`, pathOf(mine.gallery)]) {
      const res = await visit('book.domainshine.com', path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(path);
    }
    expect((await visit('book.domainshine.com', `/api/public${pathOf(mine.gallery)}`)).status).toBe(200);
    for (const path of [
      pathOf(theirs.manage),
      `/api${pathOf(theirs.manage)}`,
      pathOf(theirs.gallery),
      `/api/public${pathOf(theirs.gallery)}`,
      '/manage/not-a-token',
    ])
      expect((await visit('book.domainshine.com', path)).status, path).toBe(404);
    // On the platform's address every link works as before.
    expect((await visit('localhost', pathOf(theirs.manage))).status).toBe(200);
    expect((await visit('localhost', pathOf(mine.manage))).status).toBe(200);

    // Once the domain is no longer served (the business left Elite), new messages carry the platform's address.
    await updateProfile(t.db, branded.owner.userId, { subscriptionTier: 'pro' });
    forgetHosts();
    const after = await message(branded, '+15125550103');
    expect(after.email.body).toContain(`Manage: ${after.manage}`);
    expect(after.email.body).not.toContain('domainshine');
  });

  it('the stored message row holds the custom-domain link the customer got; the Outbox answers it', async () => {
    const branded = await shop('Stored Shine', 'book.storedshine.com');
    const admin = await t.createAdmin();
    const sent = await message(branded, '+15125550104');
    const manageThere = sent.manage.replace(PLATFORM, 'https://book.storedshine.com');
    const [row] = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.businessId, branded.owner.userId), eq(messageSends.channel, 'email')));
    expect(row?.body).toContain(`Manage: ${manageThere}`);
    expect(row?.html).toContain(`href="${manageThere}"`);
    expect(row?.body).not.toContain(`${PLATFORM}/manage/`);
    expect(row?.body).toContain(`${PLATFORM}/unsubscribe/x`);
    const [sms] = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.businessId, branded.owner.userId), eq(messageSends.channel, 'sms')));
    expect(sms?.body).toContain(manageThere);

    const res = await t.request(`/api/admin/outbox/${sent.email.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const shown = (await res.json()) as { body: string; html: string | null };
    expect(shown.body).toBe(row?.body);
    expect(shown.html).toContain(`href="${manageThere}"`);
  });

  it('a row written on the domain and sent after it was switched off goes out on the platform’s address', async () => {
    const branded = await shop('Lapsed Shine', 'book.lapsedshine.com');
    const manage = manageUrl(
      t.deps.publicUrl,
      await newManageToken(t.db, branded.owner.userId, branded.booking.id),
    );
    const ids = await queueTransactionalEmail(t.db, t.deps.publicUrl, {
      businessId: branded.owner.userId,
      kind: 'time_change',
      dedupeKey: `test:${crypto.randomUUID()}`,
      to: branded.email,
      subject: 'Your booking',
      body: `Manage: ${manage}`,
    });
    const [row] = await t.db.select().from(messageSends).where(eq(messageSends.id, ids[0]!));
    expect(row?.body).toBe(`Manage: ${manage.replace(PLATFORM, 'https://book.lapsedshine.com')}`);
    await updateProfile(t.db, branded.owner.userId, { subscriptionTier: 'pro' });
    forgetHosts();
    await deliverQueued(t.deps, ids);
    const [email] = await t.emailsTo(branded.email);
    expect(email?.body).toBe(`Manage: ${manage}`);
  });

  it('an invoice or quote link of another business is refused on the domain, its own served', async () => {
    const branded = await shop('Invoice Shine', 'pay.invoiceshine.com');
    const other = await shop('Other Invoice');
    const [mine] = await t.db
      .insert(invoices)
      .values({
        businessId: branded.owner.userId,
        number: 1,
        customerName: 'Cory Customer',
        customerEmail: branded.email,
        items: [],
        subtotalCents: 100,
        taxRateBps: 0,
        taxCents: 0,
        totalCents: 100,
        dueAt: new Date(),
      })
      .returning();
    expect(mine).toBeDefined();
    const own = pathOf(invoicePageUrl(t.deps, mine!.id));
    expect((await visit('pay.invoiceshine.com', own)).status).toBe(200);
    expect((await visit('pay.invoiceshine.com', `${own}/checkout`, 'POST')).status).toBe(200);
    const forged = pathOf(invoicePageUrl(t.deps, other.booking.id));
    expect((await visit('pay.invoiceshine.com', forged)).status).toBe(404);
  });

  it('an invoice or quote link in the random form sent before signed tokens opens on its own domain only', async () => {
    const branded = await shop('Legacy Shine', 'pay.legacyshine.com');
    const other = await shop('Legacy Other');
    const legacy = () => randomBytes(24).toString('base64url');
    const document = {
      customerName: 'Cory Customer',
      customerEmail: branded.email,
      items: [],
      subtotalCents: 100,
      taxRateBps: 0,
      taxCents: 0,
      totalCents: 100,
    };
    const [mineInvoice, theirInvoice, mineQuote] = [legacy(), legacy(), legacy()];
    await t.db.insert(invoices).values([
      {
        ...document,
        businessId: branded.owner.userId,
        number: 1,
        dueAt: new Date(),
        legacyTokenHash: hashToken(mineInvoice),
      },
      {
        ...document,
        businessId: other.owner.userId,
        number: 1,
        dueAt: new Date(),
        legacyTokenHash: hashToken(theirInvoice),
      },
    ]);
    await t.db.insert(quotes).values({
      ...document,
      businessId: branded.owner.userId,
      status: 'sent',
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      legacyTokenHash: hashToken(mineQuote),
    });
    expect((await visit('pay.legacyshine.com', `/pay/${mineInvoice}`)).status).toBe(200);
    expect((await visit('pay.legacyshine.com', `/pay/${mineInvoice}/checkout`, 'POST')).status).toBe(200);
    expect((await visit('pay.legacyshine.com', `/quote/${mineQuote}`)).status).toBe(200);
    // Another business's old link, or an old-looking token that names nothing, is still refused on this domain.
    expect((await visit('pay.legacyshine.com', `/pay/${theirInvoice}`)).status).toBe(404);
    expect((await visit('pay.legacyshine.com', `/quote/${legacy()}`)).status).toBe(404);
  });

  it('moves only links to the customer pages, and only the platform’s', () => {
    const origin = 'https://book.x.com';
    expect(
      onCustomerOrigin('https://app.test/pay/abc and https://app.test/quote/q', 'https://app.test/', origin),
    ).toBe('https://book.x.com/pay/abc and https://book.x.com/quote/q');
    expect(onCustomerOrigin('https://app.test/book', 'https://app.test', origin)).toBe(
      'https://book.x.com/book',
    );
    for (const kept of [
      'https://app.test/dashboard',
      'https://app.test/bookings/1',
      'https://app.test/paypal',
      'https://app.testing.com/pay/abc',
      'https://other.test/manage/abc',
    ])
      expect(onCustomerOrigin(kept, 'https://app.test', origin)).toBe(kept);
    expect(onCustomerOrigin('https://app.test/pay/abc', 'https://app.test', 'https://app.test')).toBe(
      'https://app.test/pay/abc',
    );
  });
});
