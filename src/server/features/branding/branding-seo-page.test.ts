import { describe, expect, it } from 'vitest';
import { BRANDING_TEXT } from '../../../shared/branding-text';
import { createSeoPage, updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { publicPagesOf } from '../seo/seo-settings';

// A white-labelled business's public page (decision 1318): its display name, colour and logo head the server-rendered
// page, with nothing of ShineRoute (no "ShineRoute home" header, no Sign In, no "Powered by"); a change of branding
// or of plan re-renders its stored page at once. A business below Elite keeps ShineRoute's page.

const t = await createTestContext({ seo: { platformPhone: '(512) 555-0100' } });

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function businessPage(plan: 'starter' | 'elite', slug: string) {
  const owner = await t.signUp({ plan });
  await updateProfile(t.db, owner.userId, { businessName: 'Gulf Coast Gloss', phone: '(713) 555-0188' });
  await createSeoPage(t.db, { businessId: owner.userId, slug, city: 'Houston', state: 'TX' });
  return owner;
}

async function brand(cookie: string) {
  const put = await t.request('/api/branding', {
    method: 'PUT',
    cookie,
    json: { displayName: 'Lone Star Shine', color: '#7c2d12' },
  });
  expect(put.status).toBe(200);
  const logo = await t.request('/api/branding/logo', {
    method: 'PUT',
    cookie,
    json: { fileName: 'logo.png', dataBase64: PNG.toString('base64') },
  });
  expect(logo.status).toBe(200);
}

const page = async (slug: string) => (await t.request(`/seo/${slug}`)).text();

describe('a white-labelled business’s public page', () => {
  it('shows its display name, colour and logo, and nothing of ShineRoute', async () => {
    const owner = await businessPage('elite', 'gloss-houston-tx');
    // Rendered and stored before the branding: the branding's change must re-render it.
    expect(await page('gloss-houston-tx')).toContain('aria-label="ShineRoute home"');
    await brand(owner.cookie);
    const html = await page('gloss-houston-tx');
    expect(html).toMatch(/<header class="top" style="background:#7c2d12;color:#ffffff">/);
    expect(html).toMatch(new RegExp(`<img src="/api/public/branding/${owner.userId}/logo\\?v=[^"]+"`));
    expect(html).toContain('Lone Star Shine</a>');
    expect(html).toContain('Why Choose Lone Star Shine?');
    expect(html).toContain(`© ${new Date().getFullYear()} Lone Star Shine`);
    expect(html).not.toContain('ShineRoute home');
    expect(html).not.toContain('href="/auth"');
    expect(html).not.toContain('<a href="/">');
    expect(html).not.toContain('Mobile car detailing that comes to you');
    expect(html).not.toContain(BRANDING_TEXT.poweredBy);
    expect(html).not.toContain('Gulf Coast Gloss');
    // Its logo is the page's icon, and it is the site Open Graph names (decision 1340).
    expect(html).toMatch(
      new RegExp(`<link rel="icon" href="/api/public/branding/${owner.userId}/logo\\?v=[^"]+">`),
    );
    expect(html).not.toContain('favicon.svg');
    expect(html).toContain('<meta property="og:site_name" content="Lone Star Shine">');
  });

  it('is ShineRoute’s again once the business leaves Elite (its stored page re-rendered)', async () => {
    const owner = await businessPage('elite', 'gloss-leaves-houston-tx');
    await brand(owner.cookie);
    expect(await page('gloss-leaves-houston-tx')).toContain('Lone Star Shine');
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    // Written straight to the database: this instance drops its copy at its next read of the change feed.
    await publicPagesOf(t.deps).sync();
    const html = await page('gloss-leaves-houston-tx');
    expect(html).toContain('aria-label="ShineRoute home"');
    expect(html).not.toContain('Lone Star Shine');
    expect(html).toContain('Why Choose Gulf Coast Gloss?');
  });

  it('a Starter business’s page is ShineRoute’s, whatever settings it kept', async () => {
    await businessPage('starter', 'gloss-starter-houston-tx');
    const html = await page('gloss-starter-houston-tx');
    expect(html).toContain('aria-label="ShineRoute home"');
    expect(html).toContain('Why Choose Gulf Coast Gloss?');
    expect(html).not.toContain('/api/public/branding/');
  });
});
