import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCustomer, updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { pdfLogo } from './branding.service';

// A white-labelled business's quote and invoice PDFs carry its logo (decision 1318), read from its stored file and
// drawn by pdfmake (which fetches nothing): the PDF is made with a logo and without one, and a WebP logo (which
// pdfmake cannot read) is drawn as PNG.

const t = await createTestContext();

/**
 * The image XObjects a PDF's pages draw, read from its bytes (no rasteriser): each image object's size, kept when a
 * page names it in its resources and its (deflated) content stream paints it with `Do`.
 */
function drawnImages(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const images = new Map<string, { width: number; height: number }>();
  const painted = new Set<string>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const [, id, dict] = m as unknown as [string, string, string];
    if (/\/Subtype\s*\/Image/.test(dict)) {
      images.set(id, {
        width: Number(/\/Width (\d+)/.exec(dict)?.[1]),
        height: Number(/\/Height (\d+)/.exec(dict)?.[1]),
      });
      continue;
    }
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = m.index + m[0].length;
    const raw = pdf.subarray(start, start + length);
    const content = (/\/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1');
    for (const d of content.matchAll(/\/([\w.]+)\s+Do\b/g)) painted.add(d[1]!);
  }
  const drawn: { width: number; height: number }[] = [];
  for (const res of text.matchAll(/\/XObject\s*<<([^>]*)>>/g))
    for (const [, name, id] of res[1]!.matchAll(/\/([\w.]+)\s+(\d+) 0 R/g))
      if (painted.has(name!) && images.has(id!)) drawn.push(images.get(id!)!);
  return drawn;
}

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#7c2d12' } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0f766e' } })
    .webp()
    .toBuffer();

/** A quote of $120 to a new customer of the owner's, through the API. */
async function quoteFor(owner: { userId: string; cookie: string }, tag: string) {
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: `ana-${tag}${owner.userId.slice(0, 6)}@example.com`,
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
  return { customer, quoteId: ((await res.json()) as { id: string }).id };
}

async function eliteOwnerWithQuote() {
  const owner = await t.signUp({ plan: 'elite' });
  const { quoteId } = await quoteFor(owner, '');
  return { owner, quoteId };
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

describe('the invoice PDF, read from its bytes', () => {
  // A logo of a size nothing else in the PDF has (the QR code is square).
  const logo = () =>
    sharp({ create: { width: 120, height: 36, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();

  async function invoiceOf(owner: { userId: string; cookie: string }) {
    // An invoice is made from an accepted quote.
    const { customer, quoteId } = await quoteFor(owner, 'inv-');
    expect(
      (await t.request(`/api/quotes/${quoteId}/send`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(200);
    const [mail] = await t.emailsTo(customer.email!);
    const link = /localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expect((await t.request(`${link}/accept`, { method: 'POST' })).status).toBe(303);
    const res = await t.request(`/api/invoices/from-quote/${quoteId}`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    return async () => {
      const pdf = await t.request(`/api/invoices/${id}/download/pdf`, { cookie: owner.cookie });
      expect(pdf.status).toBe(200);
      return drawnImages(Buffer.from(await pdf.arrayBuffer()));
    };
  }

  it('an Elite business’s invoice paints its logo’s image; a business not white-labelled has none', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const pdf = await invoiceOf(owner);
    expect(await pdf()).not.toContainEqual({ width: 120, height: 36 });
    expect(await putLogo(owner.cookie, await logo())).toBe(200);
    expect(await pdf()).toContainEqual({ width: 120, height: 36 });
    // The same stored logo on a plan without white-label: not drawn.
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    expect(await pdf()).not.toContainEqual({ width: 120, height: 36 });
    // A Starter business's invoice has no logo image at all.
    const starter = await t.signUp({ plan: 'starter' });
    expect((await (await invoiceOf(starter))()).filter((i) => i.width !== i.height)).toEqual([]);
  });
});

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
