import { describe, expect, it } from 'vitest';
import { BRANDING_TEXT, contrastRatio, textOnBrand } from '../../../shared/branding';
import { grantRole, updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { documentBusiness } from '../invoices/documents';
import { appliedBranding, emailBranding } from './branding.service';

// White-label (Elite, decision 1315): the owner's settings, gated like every Elite feature; the logo checked by its
// bytes and served only as a white-labelled business's own; applied to /book, emails and documents, and no longer
// once the business leaves Elite.

const t = await createTestContext();

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const put = (cookie: string, json: unknown) => t.request('/api/branding', { method: 'PUT', cookie, json });
const putLogo = (cookie: string, bytes: Uint8Array, fileName = 'logo.png') =>
  t.request('/api/branding/logo', {
    method: 'PUT',
    cookie,
    json: { fileName, dataBase64: Buffer.from(bytes).toString('base64') },
  });

async function eliteShop() {
  const owner = await t.signUp({ plan: 'elite' });
  await bookableBusiness(t.db, owner.userId);
  return owner;
}

describe('the colour', () => {
  it('picks white or black text, whichever contrasts more: at least 4.5:1 (WCAG AA) for every colour', () => {
    expect(textOnBrand('#0f766e')).toBe('#ffffff');
    expect(textOnBrand('#fde047')).toBe('#000000');
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    for (let r = 0; r < 256; r += 17)
      for (let g = 0; g < 256; g += 17)
        for (let b = 0; b < 256; b += 17) {
          const c = `#${hex(r)}${hex(g)}${hex(b)}`;
          expect(contrastRatio(c, textOnBrand(c)), c).toBeGreaterThanOrEqual(4.5);
        }
  });
});

describe('the Branding API', () => {
  it('is Elite’s: Pro reads it and gets 402 on writes, a technician 403, no session 401', async () => {
    const pro = await t.signUp({ plan: 'pro' });
    expect((await t.request('/api/branding', { cookie: pro.cookie })).status).toBe(200);
    expect((await put(pro.cookie, { displayName: 'Shiny', color: '#0f766e' })).status).toBe(402);
    expect((await putLogo(pro.cookie, PNG)).status).toBe(402);
    const elite = await eliteShop();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', elite.userId);
    expect((await put(tech.cookie, { displayName: 'X', color: null })).status).toBe(403);
    expect((await t.request('/api/branding')).status).toBe(401);
  });

  it('validates the colour and name, and keeps the colour in lower case with its text colour', async () => {
    const owner = await eliteShop();
    const bad = await put(owner.cookie, { displayName: 'Lone Star', color: 'teal' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(BRANDING_TEXT.colorInvalid);
    expect((await put(owner.cookie, { displayName: 'x'.repeat(81), color: null })).status).toBe(400);
    const ok = await put(owner.cookie, { displayName: ' Lone Star Shine ', color: '#0F766E' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      displayName: 'Lone Star Shine',
      color: '#0f766e',
      textColor: '#ffffff',
      logoUrl: null,
      privacyUrl: null,
      termsUrl: null,
    });
  });

  it('takes a logo by its bytes, serves it publicly as that business’s own, and refuses anything else', async () => {
    const owner = await eliteShop();
    const other = await eliteShop();
    // A text file named .png is not an image; an SVG is refused too (it can carry script).
    const text = await putLogo(owner.cookie, new TextEncoder().encode('hello, not an image'));
    expect(text.status).toBe(415);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    expect((await putLogo(owner.cookie, svg, 'logo.svg')).status).toBe(415);
    const big = await putLogo(owner.cookie, new Uint8Array(600 * 1024));
    expect(big.status).toBe(400);
    const res = await putLogo(owner.cookie, PNG);
    expect(res.status, await res.clone().text()).toBe(200);
    const { logoUrl } = await res.json();
    expect(logoUrl).toMatch(new RegExp(`^/api/public/branding/${owner.userId}/logo\\?v=`));
    const logo = await t.request(logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    // Another business has no logo: its address is a 404, never this one's file; so is an unknown id.
    expect((await t.request(`/api/public/branding/${other.userId}/logo`)).status).toBe(404);
    expect((await t.request('/api/public/branding/nobody/logo')).status).toBe(404);
    // The other owner's settings are their own: reading and writing touch only their business.
    expect((await (await t.request('/api/branding', { cookie: other.cookie })).json()).logoUrl).toBeNull();
    await put(other.cookie, { displayName: 'Other', color: '#111111' });
    expect(
      (await (await t.request('/api/branding', { cookie: owner.cookie })).json()).displayName,
    ).toBeNull();
    // Removed: 204, and the public address is gone.
    expect((await t.request('/api/branding/logo', { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      204,
    );
    expect((await t.request(logoUrl)).status).toBe(404);
  });
});

describe('where it applies', () => {
  it('on /book, documents and emails while Elite; not once the business leaves Elite', async () => {
    const owner = await eliteShop();
    expect(await appliedBranding(t.db, owner.userId)).toBeNull();
    await put(owner.cookie, { displayName: 'Lone Star Shine', color: '#fde047' });
    await putLogo(owner.cookie, PNG);
    const options = async () =>
      (await (await t.request(`/api/booking/options?business=${owner.userId}`)).json()).business;
    const branded = (await options()).branding;
    expect(branded).toMatchObject({ displayName: 'Lone Star Shine', color: '#fde047', textColor: '#000000' });
    expect(branded.logoUrl).toMatch(/^\/api\/public\/branding\//);
    expect((await documentBusiness(t.db, owner.userId)).name).toBe('Lone Star Shine');
    // The customer's emails get it with the logo's address made absolute (branding-emails.test.ts renders them).
    expect(await emailBranding(t.db, owner.userId, 'https://app.test/')).toMatchObject({
      displayName: 'Lone Star Shine',
      logoUrl: `https://app.test${branded.logoUrl}`,
    });

    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    expect((await options()).branding).toBeNull();
    expect((await documentBusiness(t.db, owner.userId)).name).toBe('Test Detailing Co');
    expect((await t.request(branded.logoUrl)).status).toBe(404);
  });
});
