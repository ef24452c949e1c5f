import { describe, expect, it } from 'vitest';
import { LEGAL_URL_TEXT } from '../../../shared/branding';
import { createSeoPage, grantRole, updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { appliedBranding, emailBranding } from './branding.service';

// A white-labelled business's own Privacy policy and Terms (decision 1358): https addresses of a checked shape, set by
// the owner alone on Elite, shown instead of ShineRoute's on its public business page and in its customer emails
// (the /book frame is in server-rendered-pages.test.ts); ShineRoute's stay when they are not set or the business is
// not white-labelled.

const t = await createTestContext({ seo: { platformPhone: '(512) 555-0100' } });

const put = (cookie: string, json: unknown) => t.request('/api/branding', { method: 'PUT', cookie, json });
const read = async (cookie: string) => (await t.request('/api/branding', { cookie })).json();
const PRIVACY = 'https://lonestarshine.example/privacy';
const TERMS = 'https://lonestarshine.example/terms';

async function eliteShop() {
  const owner = await t.signUp({ plan: 'elite' });
  await bookableBusiness(t.db, owner.userId);
  return owner;
}

describe('the legal addresses', () => {
  it('are https addresses of a sane shape and length; anything else is a 400 naming the problem', async () => {
    const owner = await eliteShop();
    const base = { displayName: 'Lone Star Shine', color: null };
    for (const bad of [
      'http://lonestarshine.example/privacy',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'lonestarshine.example/privacy',
      'https://localhost/privacy',
      'https://127.0.0.1/privacy',
      'https://[::1]/privacy',
      'https://user:pass@lonestarshine.example/privacy',
      'https://lonestar shine.example/privacy',
      '//lonestarshine.example/privacy',
    ]) {
      const res = await put(owner.cookie, { ...base, privacyUrl: bad });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error.message, bad).toBe(LEGAL_URL_TEXT.invalid);
    }
    const long = await put(owner.cookie, {
      ...base,
      termsUrl: `https://lonestarshine.example/${'t'.repeat(480)}`,
    });
    expect(long.status).toBe(400);
    expect((await long.json()).error.message).toBe(LEGAL_URL_TEXT.tooLong);
    // Nothing of a refused request was stored.
    expect(await read(owner.cookie)).toMatchObject({ privacyUrl: null, termsUrl: null });

    const ok = await put(owner.cookie, { ...base, privacyUrl: ` ${PRIVACY} `, termsUrl: TERMS });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ privacyUrl: PRIVACY, termsUrl: TERMS });
    // Left out: kept as they are (a client that knows only the name and colour changes nothing else).
    expect((await put(owner.cookie, { displayName: 'Lone Star', color: '#0f766e' })).status).toBe(200);
    expect(await read(owner.cookie)).toMatchObject({ displayName: 'Lone Star', privacyUrl: PRIVACY });
    // Emptied: none (ShineRoute's again).
    expect((await put(owner.cookie, { ...base, privacyUrl: '', termsUrl: null })).status).toBe(200);
    expect(await read(owner.cookie)).toMatchObject({ privacyUrl: null, termsUrl: null });
  });

  it('are the owner’s alone, on Elite: a technician 403, Pro 402, signed out 401; another business untouched', async () => {
    const owner = await eliteShop();
    const other = await eliteShop();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    const json = { displayName: 'X', color: null, privacyUrl: PRIVACY, termsUrl: TERMS };
    expect((await put(tech.cookie, json)).status).toBe(403);
    expect((await t.request('/api/branding', { cookie: tech.cookie })).status).toBe(403);
    expect((await t.request('/api/branding', { method: 'PUT', json })).status).toBe(401);
    const pro = await t.signUp({ plan: 'pro' });
    expect((await put(pro.cookie, json)).status).toBe(402);

    expect((await put(owner.cookie, json)).status).toBe(200);
    expect(await read(other.cookie)).toMatchObject({ privacyUrl: null, termsUrl: null });
    expect(await appliedBranding(t.db, other.userId)).toBeNull();
    expect(await appliedBranding(t.db, owner.userId)).toMatchObject({ privacyUrl: PRIVACY, termsUrl: TERMS });
  });
});

describe('where they show', () => {
  it('the public business page’s footer links to them while white-labelled, to ShineRoute’s otherwise', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    await updateProfile(t.db, owner.userId, { businessName: 'Gulf Coast Gloss' });
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: 'legal-gloss-tx',
      city: 'Houston',
      state: 'TX',
    });
    const footer = async () =>
      /<footer>.*<\/footer>/s.exec(await (await t.request('/seo/legal-gloss-tx')).text())?.[0] ?? '';
    // Rendered and stored before the addresses: setting them must re-render it.
    expect(await put(owner.cookie, { displayName: 'Lone Star Shine', color: '#7c2d12' })).toHaveProperty(
      'status',
      200,
    );
    expect(await footer()).toContain('<a href="/privacy">Privacy</a><a href="/terms">Terms</a>');
    await put(owner.cookie, {
      displayName: 'Lone Star Shine',
      color: '#7c2d12',
      privacyUrl: PRIVACY,
      termsUrl: TERMS,
    });
    const branded = await footer();
    expect(branded).toContain(`<a href="${PRIVACY}">Privacy</a><a href="${TERMS}">Terms</a>`);
    expect(branded).not.toContain('href="/privacy"');
    // Leaving Elite: ShineRoute's footer and links, whatever the business set.
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    const { publicPagesOf } = await import('../seo/seo-settings');
    await publicPagesOf(t.deps).sync();
    const plain = await footer();
    expect(plain).toContain('<a href="/privacy">Privacy</a><a href="/terms">Terms</a>');
    expect(plain).not.toContain(PRIVACY);
  });

  it('a customer email’s footer carries them; none without them, and never another business’s', async () => {
    const owner = await eliteShop();
    const other = await eliteShop();
    await put(owner.cookie, {
      displayName: 'Lone Star Shine',
      color: '#7c2d12',
      privacyUrl: PRIVACY,
      termsUrl: TERMS,
    });
    await put(other.cookie, { displayName: 'Other Shine', color: '#0f766e' });
    // Loaded after the app (its routes extend zod with OpenAPI first).
    const { renderEmailAs } = await import('../../emails');
    const { sampleBookingDetails } = await import('../../emails/templates/booking-details');
    const booking = {
      ...sampleBookingDetails,
      firstName: 'Maya',
      businessName: 'Test Detailing Co',
      contact: null,
      manageLink: 'https://app.test/manage/abc',
      reference: 'ABCD1234',
    };
    const mine = await renderEmailAs(
      'booking-confirmation',
      booking,
      await emailBranding(t.db, owner.userId, 'https://app.test'),
    );
    expect(mine.html).toContain(`href="${PRIVACY}"`);
    expect(mine.html).toContain(`href="${TERMS}"`);
    // The plain-text part is the message alone (the footer is skipped there, decision 1315).
    expect(mine.text).not.toContain(PRIVACY);
    const theirs = await renderEmailAs(
      'booking-confirmation',
      booking,
      await emailBranding(t.db, other.userId, 'https://app.test'),
    );
    expect(theirs.html).toContain('Other Shine');
    expect(theirs.html).not.toContain('email-legal-links');
    expect(theirs.html).not.toContain(PRIVACY);
    // Only the privacy address set: one link, no separator.
    const one = await renderEmailAs('booking-confirmation', booking, {
      displayName: 'Lone Star Shine',
      color: null,
      textColor: null,
      logoUrl: null,
      privacyUrl: PRIVACY,
      termsUrl: null,
    });
    expect(one.html).toContain(`href="${PRIVACY}"`);
    expect(one.html).not.toContain(' · ');
  });
});
