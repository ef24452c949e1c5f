// The app's zod with .openapi() first: the emails' modules build schemas the app's routes describe.
import '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { BRANDING_TEXT } from '../../../shared/branding-text';
import { businessBrandings } from '../../db/schema';
import { CUSTOMER_EMAILS, EMAIL_TEMPLATES, type EmailName, renderEmail, renderEmailAs } from '../../emails';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { senderOf } from '../campaigns/campaign-send.service';
import { customerFacingName } from './branding.service';

// Every email a white-labelled business's customers get carries its brand (decision 1318): the renderer reads the
// business's branding itself, from the business the email is sent for, so no sender can leave it out. A Starter
// business's emails are exactly as before; the owner's and ShineRoute's own emails are never branded.

const t = await createTestContext();
const PUBLIC_URL = 'https://app.test';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function shop(plan: 'starter' | 'elite') {
  const owner = await t.signUp({ plan });
  await bookableBusiness(t.db, owner.userId);
  return owner;
}

async function brand(cookie: string) {
  const res = await t.request('/api/branding', {
    method: 'PUT',
    cookie,
    json: { displayName: 'Lone Star Shine', color: '#7c2d12' },
  });
  expect(res.status).toBe(200);
  const logo = await t.request('/api/branding/logo', {
    method: 'PUT',
    cookie,
    json: { fileName: 'logo.png', dataBase64: PNG.toString('base64') },
  });
  expect(logo.status).toBe(200);
}

const sampleOf = (name: EmailName) => EMAIL_TEMPLATES[name].sample as never;

describe('customer emails of a white-labelled business', () => {
  it('every one shows the display name, the colour and the logo, and never "Powered by ShineRoute"', async () => {
    const owner = await shop('elite');
    await brand(owner.cookie);
    for (const name of CUSTOMER_EMAILS) {
      const email = await renderEmail(name, sampleOf(name), {
        db: t.db,
        businessId: owner.userId,
        publicUrl: PUBLIC_URL,
      } as never);
      expect(email.html, name).toContain('Lone Star Shine');
      expect(email.html, name).toContain('background-color:#7c2d12');
      expect(email.html, name).toMatch(
        new RegExp(`src="${PUBLIC_URL}/api/public/branding/${owner.userId}/logo\\?v=`),
      );
      expect(email.html, name).not.toContain(BRANDING_TEXT.poweredBy);
      expect(email.text, name).not.toContain(BRANDING_TEXT.poweredBy);
      // The business's own name gives way to the display name in the wording too (a campaign's body is the owner's
      // own words, its {business_name} filled from the sender, which is the display name: see below).
      const sample = EMAIL_TEMPLATES[name].sample as { businessName?: string };
      if (sample.businessName && name !== 'marketing')
        expect(email.html, name).not.toContain(sample.businessName);
    }
  });

  it('a Starter business’s are exactly as before (no colour band, no logo)', async () => {
    const owner = await shop('starter');
    // Settings written while on another plan stay unused below Elite.
    await t.db
      .insert(businessBrandings)
      .values({ businessId: owner.userId, displayName: 'Lone Star Shine', color: '#7c2d12' });
    for (const name of CUSTOMER_EMAILS) {
      const email = await renderEmail(name, sampleOf(name), {
        db: t.db,
        businessId: owner.userId,
        publicUrl: PUBLIC_URL,
      } as never);
      const plain = await renderEmailAs(name, sampleOf(name), null);
      expect(email.html, name).toBe(plain.html);
      expect(email.html, name).not.toContain('Lone Star Shine');
    }
  });

  it('refuses to render a customer email that does not name its business', async () => {
    await expect(
      (renderEmail as (n: string, p: unknown) => Promise<unknown>)(
        'booking-reminder',
        sampleOf('booking-reminder'),
      ),
    ).rejects.toThrow(/sent for a business/);
  });

  it('leaves the owner’s and ShineRoute’s own emails unbranded', async () => {
    const owner = await shop('elite');
    await brand(owner.cookie);
    const notice = await renderEmail('booking-new-for-owner', sampleOf('booking-new-for-owner'));
    expect(notice.html).not.toContain('Lone Star Shine');
    const reset = await renderEmail('password-reset', sampleOf('password-reset'));
    expect(reset.html).not.toContain('Lone Star Shine');
  });
});

describe('customer text messages of a white-labelled business', () => {
  it('are signed with the display name (the sender every automation uses); a Starter business keeps its name', async () => {
    const elite = await shop('elite');
    await brand(elite.cookie);
    expect((await senderOf(t.db, elite.userId)).name).toBe('Lone Star Shine');
    expect(await customerFacingName(t.db, elite.userId, 'Registered Name LLC')).toBe('Lone Star Shine');
    const starter = await shop('starter');
    const before = await senderOf(t.db, starter.userId);
    expect(before.name).not.toBe('Lone Star Shine');
    expect(await customerFacingName(t.db, starter.userId, 'Registered Name LLC')).toBe('Registered Name LLC');
  });
});
