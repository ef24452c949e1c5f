import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCustomer, updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { pdfLogo } from './branding.service';

// A white-labelled business's quote and invoice PDFs carry its logo (decision 1318), read from its stored file and
// drawn by pdfmake (which fetches nothing): the PDF is made with a logo and without one, and a WebP logo (which
// pdfmake cannot read) is drawn as PNG.

const t = await createTestContext();

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#7c2d12' } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0f766e' } })
    .webp()
    .toBuffer();

async function eliteOwnerWithQuote() {
  const owner = await t.signUp({ plan: 'elite' });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: `ana-${owner.userId.slice(0, 6)}@example.com`,
  });
  const res = await t.request('/api/quotes', {
    method: 'POST',
    cookie: owner.cookie,
    json: {
      customerId: customer.id,
      items: [{ serviceId: null, serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 12000 }],
      taxRateBps: 0,
    },
  });
  expect(res.status).toBe(201);
  const quote = (await res.json()) as { id: string };
  return { owner, quoteId: quote.id };
}

const putLogo = async (cookie: string, bytes: Buffer) =>
  (
    await t.request('/api/branding/logo', {
      method: 'PUT',
      cookie,
      json: { fileName: 'logo', dataBase64: bytes.toString('base64') },
    })
  ).status;

async function pdfOf(cookie: string, quoteId: string) {
  const res = await t.request(`/api/quotes/${quoteId}/download/pdf`, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await res.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return pdf;
}
// The images a PDF draws (its image XObjects; their dictionaries are not compressed).
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('the quote and invoice PDF of a white-labelled business', () => {
  it('is made without a logo, and draws the logo once there is one', async () => {
    const { owner, quoteId } = await eliteOwnerWithQuote();
    const brand = await t.request('/api/branding', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { displayName: 'Lone Star Shine', color: '#7c2d12' },
    });
    expect(brand.status).toBe(200);
    const without = await pdfOf(owner.cookie, quoteId);
    expect(await putLogo(owner.cookie, await png())).toBe(200);
    const withLogo = await pdfOf(owner.cookie, quoteId);
    expect(images(withLogo)).toBe(images(without) + 1);
  });

  it('draws a WebP logo as PNG', async () => {
    const { owner, quoteId } = await eliteOwnerWithQuote();
    const without = await pdfOf(owner.cookie, quoteId);
    expect(await putLogo(owner.cookie, await webp())).toBe(200);
    const logo = await pdfLogo(t.deps, owner.userId);
    expect(logo).toMatch(/^data:image\/png;base64,/);
    expect(images(await pdfOf(owner.cookie, quoteId))).toBe(images(without) + 1);
  });

  it('leaves the logo out once the business is no longer on Elite', async () => {
    const { owner, quoteId } = await eliteOwnerWithQuote();
    expect(await putLogo(owner.cookie, await png())).toBe(200);
    const withLogo = await pdfOf(owner.cookie, quoteId);
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    expect(await pdfLogo(t.deps, owner.userId)).toBeNull();
    expect(images(await pdfOf(owner.cookie, quoteId))).toBe(images(withLogo) - 1);
  });
});
