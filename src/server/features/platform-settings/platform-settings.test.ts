import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, SETTINGS_TEXT } from '../../../shared/platform-settings';
import { adminAuditLog } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { leadPriceCents } from '../leads/lead-price';
import { applicationFeeCents, getPlatformFee } from '../payouts/platform-fee';
import { describeOutsideServices } from './outside-services';
import { getPlatformSettings, SETTINGS_CACHE_MS } from './platform-settings.service';

const t = await createTestContext();
const admin = await t.createAdmin();
const put = (json: unknown, cookie = admin.cookie) =>
  t.request('/api/admin/settings', { method: 'PUT', cookie, json });

describe('platform settings', () => {
  it('start from the spec values; the public read shows the banner, prices, support and tax but not the lead price', async () => {
    const res = await t.request('/api/admin/settings', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.settings).toEqual({ ...DEFAULT_PLATFORM_SETTINGS, updatedAt: null, updatedByEmail: null });
    expect(body.settings.defaultTaxRateBps).toBe(850);
    expect(body.services.map((s: { key: string }) => s.key)).toEqual([
      'payments',
      'smtp',
      'sms',
      'storage',
      'llm',
    ]);
    const pub = await (await t.request('/api/public/settings')).json();
    expect(pub).toEqual({
      bannerEnabled: true,
      bannerText: DEFAULT_PLATFORM_SETTINGS.bannerText,
      starterPriceCents: 2900,
      proPriceCents: 7900,
      elitePriceCents: 19900,
      supportEmail: DEFAULT_PLATFORM_SETTINGS.supportEmail,
      supportPhone: DEFAULT_PLATFORM_SETTINGS.supportPhone,
      defaultTaxRateBps: 850,
    });
  });

  it('save, show at once on the public read, and write one audit row with only the changed fields', async () => {
    const next = {
      ...DEFAULT_PLATFORM_SETTINGS,
      bannerText: '  Winter deal: 2 months free  ',
      proPriceCents: 8900,
      leadPriceCents: 1200,
    };
    const res = await put(next);
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({
      bannerText: 'Winter deal: 2 months free',
      proPriceCents: 8900,
      leadPriceCents: 1200,
      updatedByEmail: admin.email,
    });
    const pub = await (await t.request('/api/public/settings')).json();
    expect(pub).toMatchObject({ bannerText: 'Winter deal: 2 months free', proPriceCents: 8900 });
    expect((await getPlatformSettings(t.db)).leadPriceCents).toBe(1200);
    // Lead assignment charges the saved price.
    expect(await leadPriceCents(t.db)).toBe(1200);

    const rows = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'settings.update'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.userId,
      targetType: 'settings',
      before: { bannerText: DEFAULT_PLATFORM_SETTINGS.bannerText, proPriceCents: 7900, leadPriceCents: 1500 },
      after: { bannerText: 'Winter deal: 2 months free', proPriceCents: 8900, leadPriceCents: 1200 },
    });
    // Saving the same values again changes nothing and logs nothing.
    expect((await put({ ...next, bannerText: 'Winter deal: 2 months free' })).status).toBe(200);
    expect(
      await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'settings.update')),
    ).toHaveLength(1);
  });

  it('refuse invalid values with a clear 400 and save nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ bannerText: 'x'.repeat(161) }, SETTINGS_TEXT.bannerTooLong],
      [{ bannerText: '   ' }, SETTINGS_TEXT.bannerRequired],
      [{ starterPriceCents: 29.5 }, SETTINGS_TEXT.priceCents],
      [{ proPriceCents: -1 }, SETTINGS_TEXT.priceCents],
      [{ elitePriceCents: 1_000_001 }, SETTINGS_TEXT.priceCents],
      [{ elitePriceCents: '19900' }, SETTINGS_TEXT.priceCents],
      [{ leadPriceCents: 999 }, SETTINGS_TEXT.leadPrice],
      [{ leadPriceCents: 2001 }, SETTINGS_TEXT.leadPrice],
      [{ leadPriceCents: 1500.5 }, SETTINGS_TEXT.leadPrice],
      [{ defaultTaxRateBps: -1 }, SETTINGS_TEXT.taxRate],
      [{ defaultTaxRateBps: 10_001 }, SETTINGS_TEXT.taxRate],
      [{ supportEmail: 'not-an-email' }, SETTINGS_TEXT.email],
      [{ supportPhone: 'call us' }, SETTINGS_TEXT.phone],
      [{ platformFeePercentBps: 5_001 }, SETTINGS_TEXT.feePercent],
      [{ platformFeePercentBps: -1 }, SETTINGS_TEXT.feePercent],
      [{ platformFeeFixedCents: 501 }, SETTINGS_TEXT.feeFixed],
    ];
    const before = await (await t.request('/api/admin/settings', { cookie: admin.cookie })).json();
    for (const [change, message] of cases) {
      const res = await put({ ...DEFAULT_PLATFORM_SETTINGS, ...change });
      expect([change, res.status, (await res.json()).error.message]).toEqual([change, 400, message]);
    }
    const { bannerEnabled: _, ...missing } = DEFAULT_PLATFORM_SETTINGS;
    expect((await put(missing)).status).toBe(400);
    // The bounds themselves are allowed.
    expect(
      (await put({ ...DEFAULT_PLATFORM_SETTINGS, leadPriceCents: 1000, defaultTaxRateBps: 0 })).status,
    ).toBe(200);
    expect(
      (await put({ ...DEFAULT_PLATFORM_SETTINGS, leadPriceCents: 2000, defaultTaxRateBps: 10_000 })).status,
    ).toBe(200);
    expect((await put(before.settings)).status).toBe(200);
  });

  it("set the platform's fee on every later charge (the env defaults until first saved)", async () => {
    const next = { ...DEFAULT_PLATFORM_SETTINGS, platformFeePercentBps: 1_000, platformFeeFixedCents: 0 };
    expect((await put(next)).status).toBe(200);
    const fee = await getPlatformFee(t.db);
    expect(fee).toEqual({ percentBasisPoints: 1_000, fixedCents: 0 });
    expect(applicationFeeCents(12_345, fee)).toBe(1_235); // 10 %, half up
    expect((await put(DEFAULT_PLATFORM_SETTINGS)).status).toBe(200);
    expect(await getPlatformFee(t.db)).toEqual({ percentBasisPoints: 500, fixedCents: 30 });
  });

  it('answer 401 signed out and 403 to an owner', async () => {
    const owner = await t.signUp();
    expect((await t.request('/api/admin/settings')).status).toBe(401);
    expect((await put(DEFAULT_PLATFORM_SETTINGS, '')).status).toBe(401);
    expect((await t.request('/api/admin/settings', { cookie: owner.cookie })).status).toBe(403);
    expect((await put(DEFAULT_PLATFORM_SETTINGS, owner.cookie)).status).toBe(403);
  });

  it('are read again from the database after the cache time, so another instance sees a change', async () => {
    // Another instance's write: straight to the database, not through this instance.
    await getPlatformSettings(t.db);
    const { platformSettings } = await import('./platform-settings.schema');
    await t.db.update(platformSettings).set({ bannerText: 'Changed elsewhere' });
    expect(SETTINGS_CACHE_MS).toBeLessThanOrEqual(5_000);
    const deadline = Date.now() + SETTINGS_CACHE_MS + 2_000;
    let seen = '';
    while (Date.now() < deadline && seen !== 'Changed elsewhere') {
      seen = (await (await t.request('/api/public/settings')).json()).bannerText;
      if (seen !== 'Changed elsewhere') await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen).toBe('Changed elsewhere');
  });
});

describe('outside services', () => {
  it('say what is configured without showing a secret', () => {
    const env = {
      STRIPE_SECRET_KEY: 'sk_live_SECRETSECRET',
      STRIPE_WEBHOOK_SECRET: 'whsec_SECRETSECRET',
      SMTP_URL: 'smtp://user:SECRETPASS@smtp.example.com:587',
      TWILIO_ACCOUNT_SID: 'ACSECRETSID',
      TWILIO_AUTH_TOKEN: 'SECRETTOKEN12345678',
      TWILIO_FROM: '+15125550100',
      S3_BUCKET: 'docs-bucket',
      LLM_BASE_URL: 'https://api.example.com/v1',
      LLM_API_KEY: 'SECRETKEY',
      LLM_MODEL: 'gpt-4o-mini',
    };
    const services = describeOutsideServices(env);
    expect(services.every((s) => s.configured)).toBe(true);
    expect(JSON.stringify(services)).not.toMatch(/SECRET/);
    expect(services.find((s) => s.key === 'smtp')!.detail).toBe('SMTP server smtp.example.com');
    expect(services.find((s) => s.key === 'payments')!.detail).toBe('Stripe, live mode, signed webhooks');
    expect(describeOutsideServices({}).every((s) => !s.configured)).toBe(true);
  });
});
