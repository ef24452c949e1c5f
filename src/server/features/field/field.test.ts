import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createInventoryItem,
  createService,
  grantRole,
} from '../../db/factories';
import {
  bookings,
  fieldEvents,
  fieldMaterials,
  fieldNotes,
  fieldPhotos,
  fieldSignatures,
  inventoryItems,
  loyaltyTransactions,
  messageSends,
} from '../../db/schema';
import { createTestContext } from '../../test/harness';

// The technician's field API (issue 26): every write idempotent (a replay and ten at once write once), own jobs only,
// private photos checked by their bytes, the owner's completion path, writes on a cancelled or reassigned job kept
// as notes.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
const otherTech = await t.signUp({ firstName: 'Tara', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
await grantRole(t.db, otherTech.userId, 'technician', owner.userId);
const stranger = await t.signUp({ firstName: 'Sam', lastName: 'Stranger' });
const service = await createService(t.db, owner.userId, { name: 'Full Detail', basePriceCents: 15000 });
const customer = await createCustomer(t.db, owner.userId, {
  firstName: 'Cora',
  lastName: 'Client',
  email: `cora.${owner.userId}@example.com`,
  phone: '(512) 555-0142',
});
const wax = await createInventoryItem(t.db, owner.userId, { name: 'Wax', currentStock: 1000 });
const checklistRes = await t.request(`/api/services/${service.id}/checklist`, {
  method: 'PUT',
  cookie: owner.cookie,
  json: { items: [{ label: 'Vacuum seats' }, { label: 'Clean windows' }] },
});
const checklist = ((await checklistRes.json()) as { items: Array<{ id: string; label: string }> }).items;

const jpeg = new Uint8Array(
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer(),
);
const png = new Uint8Array(
  await sharp({ create: { width: 300, height: 120, channels: 4, background: '#ffffff' } })
    .png()
    .toBuffer(),
);

async function job(
  opts: { assignee?: string | null; status?: 'confirmed' | 'in_progress'; business?: string } = {},
) {
  const business = opts.business ?? owner.userId;
  const b = await createBooking(t.db, business, {
    service: { id: business === owner.userId ? service.id : null, name: 'Full Detail', durationMinutes: 120 },
    customerId: business === owner.userId ? customer.id : null,
    scheduledAt: new Date(Date.now() + 3_600_000),
    locationAddress: '500 Congress Ave, Austin, TX 78701',
    quotedPriceCents: 15000,
    status: opts.status ?? 'confirmed',
  });
  const assignee = opts.assignee === undefined ? tech.userId : opts.assignee;
  if (assignee) await assignBooking(t.db, business, b.id, assignee);
  return b;
}

const now = () => new Date().toISOString();

function send(
  path: string,
  body: unknown,
  opts: { key?: string | null; cookie?: string; method?: string } = {},
) {
  const headers: Record<string, string> = {};
  const key = opts.key === undefined ? crypto.randomUUID() : opts.key;
  if (key !== null) headers['idempotency-key'] = key;
  const init = { method: opts.method ?? 'POST', cookie: opts.cookie ?? tech.cookie, headers };
  if (body instanceof FormData) return t.request(path, { ...init, body });
  return t.request(path, { ...init, json: body });
}

function photoForm(
  kind: 'before' | 'after',
  bytes: Uint8Array = jpeg,
  name = 'photo.jpg',
  type = 'image/jpeg',
) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('deviceTime', now());
  form.set('file', new File([Buffer.from(bytes)], name, { type }));
  return form;
}

const rows = async (
  table: typeof fieldEvents | typeof fieldNotes | typeof fieldPhotos | typeof fieldMaterials,
  bookingId: string,
) => (await t.db.select({ n: count() }).from(table).where(eq(table.bookingId, bookingId)))[0]!.n;

interface Write {
  name: string;
  request: (bookingId: string) => { path: string; body: unknown; method?: string };
  /** The rows the write adds (what must grow by exactly one). */
  written: (bookingId: string) => Promise<number>;
}

const WRITES: Write[] = [
  {
    name: 'on my way',
    request: (id) => ({
      path: `/api/field/jobs/${id}/on-my-way`,
      body: { deviceTime: now(), etaMinutes: 15 },
    }),
    written: async (id) =>
      (
        await t.db
          .select({ n: count() })
          .from(messageSends)
          .where(
            and(
              eq(messageSends.bookingId, id),
              eq(messageSends.kind, 'on_my_way'),
              eq(messageSends.channel, 'email'),
            ),
          )
      )[0]!.n,
  },
  {
    name: 'check in',
    request: (id) => ({
      path: `/api/field/jobs/${id}/check-in`,
      body: { deviceTime: now(), lat: 30.2672, lng: -97.7431, accuracyM: 8 },
    }),
    written: (id) => rows(fieldEvents, id),
  },
  {
    name: 'before photo',
    request: (id) => ({ path: `/api/field/jobs/${id}/photos`, body: photoForm('before') }),
    written: (id) => rows(fieldPhotos, id),
  },
  {
    name: 'checklist tick',
    request: (id) => ({
      path: `/api/field/jobs/${id}/checklist/${checklist[0]!.id}`,
      method: 'PUT',
      body: { deviceTime: now(), done: true },
    }),
    written: (id) => rows(fieldEvents, id),
  },
  {
    name: 'materials',
    request: (id) => ({
      path: `/api/field/jobs/${id}/materials`,
      body: { deviceTime: now(), itemId: wax.id, quantity: 2 },
    }),
    written: (id) => rows(fieldMaterials, id),
  },
  {
    name: 'note',
    request: (id) => ({
      path: `/api/field/jobs/${id}/notes`,
      body: { deviceTime: now(), text: 'Gate code 4412' },
    }),
    written: (id) => rows(fieldNotes, id),
  },
  {
    name: 'complete with signature',
    request: (id) => ({
      path: `/api/field/jobs/${id}/complete`,
      body: {
        deviceTime: now(),
        signature: { pngBase64: Buffer.from(png).toString('base64'), signerName: 'Cora Client' },
      },
    }),
    written: async (id) =>
      (
        await t.db
          .select({ n: count() })
          .from(loyaltyTransactions)
          .where(and(eq(loyaltyTransactions.bookingId, id), eq(loyaltyTransactions.type, 'earned')))
      )[0]!.n,
  },
  {
    name: 'check out',
    request: (id) => ({ path: `/api/field/jobs/${id}/check-out`, body: { deviceTime: now() } }),
    written: (id) => rows(fieldEvents, id),
  },
];

describe('every field write is idempotent', () => {
  for (const w of WRITES) {
    it(`${w.name}: a replay answers the first answer and writes nothing`, async () => {
      const b = await job({ status: 'in_progress' });
      const key = crypto.randomUUID();
      const req = w.request(b.id);
      const before = await w.written(b.id);
      const first = await send(req.path, req.body, { key, method: req.method });
      expect(first.status).toBe(200);
      const answer = await first.json();
      expect(answer.applied).toBe(true);
      for (let i = 0; i < 3; i++) {
        const r = await send(req.path, req.body, { key, method: req.method });
        expect([r.status, await r.json()]).toEqual([200, answer]);
      }
      expect(await w.written(b.id)).toBe(before + 1);
    });

    it(`${w.name}: the same request sent again and ten at once writes once`, async () => {
      const b = await job({ status: 'in_progress' });
      const key = crypto.randomUUID();
      const req = w.request(b.id);
      const before = await w.written(b.id);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => send(req.path, req.body, { key, method: req.method })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(await w.written(b.id)).toBe(before + 1);
      const bodies = await Promise.all(results.filter((r) => r.status === 200).map((r) => r.json()));
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      const replay = await send(req.path, req.body, { key, method: req.method });
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual(bodies[0]);
      expect(await w.written(b.id)).toBe(before + 1);
    });
  }

  it('a write without an Idempotency-Key is refused (400) and writes nothing', async () => {
    const b = await job();
    const res = await send(`/api/field/jobs/${b.id}/notes`, { deviceTime: now(), text: 'hi' }, { key: null });
    expect(res.status).toBe(400);
    expect(await rows(fieldNotes, b.id)).toBe(0);
  });
});

describe('own jobs only', () => {
  it("a technician's list holds their own jobs, with the checklist; another's and unassigned ones are not there", async () => {
    const mine = await job();
    const theirs = await job({ assignee: otherTech.userId });
    const unassigned = await job({ assignee: null });
    // Yesterday to the day after tomorrow by UTC dates: whatever the business's zone, the jobs an hour ahead are in.
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.request(`/api/field/jobs?from=${from}&to=${to}`, { cookie: tech.cookie });
    expect(res.status).toBe(200);
    const { items, nextCursor } = await res.json();
    expect(nextCursor).toBeNull();
    const ids = items.map((j: { id: string }) => j.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(unassigned.id);
    const first = items.find((j: { id: string }) => j.id === mine.id);
    expect(first.customer.name).toBe('Cora Client');
    expect(first.address).toMatchObject({
      line1: '500 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect(first.checklist.map((c: { label: string }) => c.label)).toEqual(['Vacuum seats', 'Clean windows']);
    const starts = items.map((j: { startsAt: string }) => j.startsAt);
    expect(starts).toEqual([...starts].sort());
    const tooLong = await t.request(`/api/field/jobs?from=2026-01-01&to=2026-01-20`, { cookie: tech.cookie });
    expect(tooLong.status).toBe(400);
  });

  it("another technician's, an unassigned and another business's job are 404 to read and to write", async () => {
    const theirs = await job({ assignee: otherTech.userId });
    const unassigned = await job({ assignee: null });
    const elsewhere = await job({ business: stranger.userId, assignee: null });
    for (const b of [theirs, unassigned, elsewhere]) {
      expect((await t.request(`/api/field/jobs/${b.id}`, { cookie: tech.cookie })).status).toBe(404);
      expect((await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: now() })).status).toBe(404);
      expect((await send(`/api/field/jobs/${b.id}/photos`, photoForm('before'))).status).toBe(404);
      expect((await t.request(`/api/bookings/${b.id}/field`, { cookie: tech.cookie })).status).toBe(404);
    }
    expect(
      (
        await send(
          `/api/field/jobs/${elsewhere.id}/notes`,
          { deviceTime: now(), text: 'x' },
          { cookie: owner.cookie },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, theirs.id)))[0]!.s,
    ).toBe('confirmed');
  });

  it('the board is the owner’s', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.request(`/api/field/board?date=${today}`, { cookie: tech.cookie })).status).toBe(403);
    const res = await t.request(`/api/field/board?date=${today}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const board = await res.json();
    expect(board.items.map((r: { technician: { name: string } }) => r.technician.name).sort()).toEqual([
      'Tara Tech',
      'Theo Tech',
    ]);
  });
});

describe('photos', () => {
  it('are private: the business and the technician of the job read them, nobody else (404)', async () => {
    const b = await job();
    const res = await send(`/api/field/jobs/${b.id}/photos`, photoForm('after'));
    expect(res.status).toBe(200);
    const photo = await res.json();
    expect(photo).toMatchObject({ kind: 'after', width: 1200, height: 900 });
    for (const cookie of [owner.cookie, tech.cookie]) {
      const full = await t.request(photo.url, { cookie });
      expect([full.status, full.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      const thumb = await t.request(photo.thumbUrl, { cookie });
      expect(thumb.status).toBe(200);
      const meta = await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
    }
    for (const cookie of [stranger.cookie, otherTech.cookie])
      expect((await t.request(photo.url, { cookie })).status).toBe(404);
    expect((await t.request(photo.url)).status).toBe(401);
  });

  it('a camera-size photo (over the 1 MB body limit of other routes) is taken', async () => {
    const b = await job();
    const { randomBytes } = await import('node:crypto');
    const noise = randomBytes(1600 * 1200 * 3);
    const big = new Uint8Array(
      await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer(),
    );
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    const res = await send(`/api/field/jobs/${b.id}/photos`, photoForm('before', big));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ applied: true, width: 1600, height: 1200 });
  });

  it('a file whose bytes are not what its name or type says is refused with 415, and nothing is stored', async () => {
    const b = await job();
    const text = new TextEncoder().encode('not an image at all, just text pretending to be one');
    for (const form of [
      photoForm('before', text, 'photo.jpg', 'image/jpeg'),
      photoForm('before', png, 'photo.jpg', 'image/jpeg'),
      photoForm('before', jpeg, 'photo.png', 'image/png'),
    ]) {
      expect((await send(`/api/field/jobs/${b.id}/photos`, form)).status).toBe(415);
    }
    expect(await rows(fieldPhotos, b.id)).toBe(0);
  });
});

describe('completing a job', () => {
  it('completes through the owner’s path once, with the signature, even when sent ten times with new keys', async () => {
    const b = await job();
    const body = {
      deviceTime: now(),
      signature: { pngBase64: Buffer.from(png).toString('base64'), signerName: 'Cora Client' },
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send(`/api/field/jobs/${b.id}/complete`, body)),
    );
    expect(results.some((r) => r.status === 200)).toBe(true);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(booking!.status).toBe('completed');
    const earned = await t.db
      .select({ n: count() })
      .from(loyaltyTransactions)
      .where(and(eq(loyaltyTransactions.bookingId, b.id), eq(loyaltyTransactions.type, 'earned')));
    expect(earned[0]!.n).toBe(1);
    const reviews = await t.db
      .select({ n: count() })
      .from(messageSends)
      .where(and(eq(messageSends.bookingId, b.id), eq(messageSends.kind, 'review_request')));
    expect(reviews[0]!.n).toBeLessThanOrEqual(2); // one email, one SMS at most
    const signatures = await t.db.select().from(fieldSignatures).where(eq(fieldSignatures.bookingId, b.id));
    expect(signatures).toHaveLength(1);
    const field = await (await t.request(`/api/bookings/${b.id}/field`, { cookie: owner.cookie })).json();
    expect(field.signature.signerName).toBe('Cora Client');
    const image = await t.request(field.signature.url, { cookie: owner.cookie });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(field.events.map((e: { kind: string }) => e.kind)).toContain('completed');
  });

  it('a signature that is not a PNG is 415', async () => {
    const b = await job();
    const res = await send(`/api/field/jobs/${b.id}/complete`, {
      deviceTime: now(),
      signature: { pngBase64: Buffer.from(jpeg).toString('base64'), signerName: 'Cora' },
    });
    expect(res.status).toBe(415);
    expect(
      (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, b.id)))[0]!.s,
    ).toBe('confirmed');
  });

  it('check-in moves the job in progress and keeps the position; materials come out of stock', async () => {
    const b = await job();
    const res = await send(`/api/field/jobs/${b.id}/check-in`, {
      deviceTime: now(),
      lat: 30.2672,
      lng: -97.7431,
      accuracyM: 12,
    });
    const body = await res.json();
    expect(body).toMatchObject({
      applied: true,
      status: 'in_progress',
      event: { kind: 'check_in', lat: 30.2672, accuracyM: 12 },
    });
    const stockBefore = (await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, wax.id)))[0]!
      .currentStock;
    await send(`/api/field/jobs/${b.id}/materials`, { deviceTime: now(), itemId: wax.id, quantity: 3 });
    const stockAfter = (await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, wax.id)))[0]!
      .currentStock;
    expect(stockAfter).toBe(stockBefore - 3);
    const read = await (await t.request(`/api/field/jobs/${b.id}`, { cookie: tech.cookie })).json();
    expect(read.address).toMatchObject({ lat: 30.2672, lng: -97.7431 });
    expect(read.materials).toEqual([{ itemId: wax.id, name: 'Wax', quantity: 3, unit: 'each' }]);
  });
});

describe('a job the office changed while the phone was offline', () => {
  it('cancelled: the write answers 200 applied:false and is kept as a note the owner sees', async () => {
    const b = await job();
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, b.id));
    const res = await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: now(), lat: 30.1, lng: -97.7 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ applied: false, reason: 'cancelled', keptAsNote: true });
    expect(
      (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, b.id)))[0]!.s,
    ).toBe('cancelled');
    const field = await (await t.request(`/api/bookings/${b.id}/field`, { cookie: owner.cookie })).json();
    expect(field.notes[0].text).toContain('Checked in');
  });

  it('reassigned after the phone had it: applied:false, reason reassigned, kept as a note', async () => {
    const b = await job();
    expect((await t.request(`/api/field/jobs/${b.id}`, { cookie: tech.cookie })).status).toBe(200);
    const { bookingAssignments } = await import('../../db/schema');
    await t.db
      .update(bookingAssignments)
      .set({ technicianId: otherTech.userId })
      .where(eq(bookingAssignments.bookingId, b.id));
    const res = await send(`/api/field/jobs/${b.id}/notes`, {
      deviceTime: now(),
      text: 'Left the keys with the doorman',
    });
    expect(await res.json()).toEqual({ applied: false, reason: 'reassigned', keptAsNote: true });
    const field = await (await t.request(`/api/bookings/${b.id}/field`, { cookie: owner.cookie })).json();
    expect(field.notes[0].text).toContain('Left the keys with the doorman');
  });
});
