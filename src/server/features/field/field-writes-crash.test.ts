import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FieldEventKind } from '../../../shared/field';
import { assignBooking, createBooking, createInventoryItem, grantRole } from '../../db/factories';
import {
  bookings,
  fieldEvents,
  fieldMaterials,
  fieldNotes,
  fieldPhotos,
  idempotencyKeys,
  inventoryItems,
  stockMovements,
  timeEntries,
} from '../../db/schema';
import { createLocalStorage } from '../../providers/storage/local-storage';
import type { FileStorage } from '../../providers/storage/storage';
import { crashes } from '../../test/crash';
import { createTestContext } from '../../test/harness';

// A field write's side effects happen once per Idempotency-Key across a process killed between the write's commit and
// the storing of its answer (decision 1365): the replay that takes the key over finds what the first run committed —
// the note, the stock movement, the job's time, the photo — and writes none of it again.

/** Every file the app stores: a photo replayed after a crash must not be stored again. */
const storedKeys: string[] = [];
const disk = createLocalStorage(mkdtempSync(join(tmpdir(), 'shineroute-crash-uploads-')));
const storage: FileStorage = {
  ...disk,
  put: (key, body, type) => {
    storedKeys.push(key);
    return disk.put(key, body, type);
  },
};
const t = await createTestContext({ storage });
const { dieAfterCommit, failAtTheEnd } = crashes(t.db);
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
const wax = await createInventoryItem(t.db, owner.userId, { name: 'Wax', currentStock: 100 });

async function job() {
  const b = await createBooking(t.db, owner.userId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 120 },
    customerId: null,
    scheduledAt: new Date(Date.now() + 3_600_000),
    locationAddress: '500 Congress Ave, Austin, TX 78701',
    quotedPriceCents: 15000,
    status: 'confirmed',
  });
  await assignBooking(t.db, owner.userId, b.id, tech.userId);
  return b;
}

/** The phone's press: the same request with the same key, replayed until it gets an answer. */
function press(bookingId: string, path: string, json: Record<string, unknown>, who = tech) {
  const key = crypto.randomUUID();
  return () =>
    t.request(`/api/field/jobs/${bookingId}/${path}`, {
      method: 'POST',
      cookie: who.cookie,
      headers: { 'idempotency-key': key },
      json,
    });
}

const eventsOf = (bookingId: string, kind: FieldEventKind) =>
  t.db
    .select()
    .from(fieldEvents)
    .where(and(eq(fieldEvents.bookingId, bookingId), eq(fieldEvents.kind, kind)));
const notesOf = (bookingId: string) =>
  t.db.select().from(fieldNotes).where(eq(fieldNotes.bookingId, bookingId));
const stockOf = async () =>
  (await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, wax.id)))[0]!.currentStock;
const movementsOf = (bookingId: string) =>
  t.db.select().from(stockMovements).where(eq(stockMovements.bookingId, bookingId));
const jobTimeOf = (bookingId: string) =>
  t.db.select().from(timeEntries).where(eq(timeEntries.bookingId, bookingId));
const statusOf = async (bookingId: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;

describe('a note', () => {
  it('killed after its commit: the replay answers the same note and writes no second one', async () => {
    const b = await job();
    const send = press(b.id, 'notes', { deviceTime: new Date().toISOString(), text: 'Scratch on the door' });
    await dieAfterCommit(send);
    const [kept] = await notesOf(b.id);
    expect(kept).toMatchObject({ body: 'Scratch on the door' });
    expect(await eventsOf(b.id, 'note')).toHaveLength(1);

    const replay = await send();
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { note: { id: string } }).note.id).toBe(kept!.id);
    expect(await notesOf(b.id)).toHaveLength(1);
    expect(await eventsOf(b.id, 'note')).toHaveLength(1);
    // Answered now: the next replay is the stored answer.
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await notesOf(b.id)).toHaveLength(1);
  });

  it('failing at its end writes nothing: the replay writes the note once', async () => {
    const b = await job();
    const send = press(b.id, 'notes', { deviceTime: new Date().toISOString(), text: 'Pet hair' });
    await failAtTheEnd(send);
    expect(await notesOf(b.id)).toEqual([]);
    expect(await eventsOf(b.id, 'note')).toEqual([]);
    expect((await send()).status).toBe(200);
    expect(await notesOf(b.id)).toHaveLength(1);
    expect(await eventsOf(b.id, 'note')).toHaveLength(1);
  });

  it("on a job the office cancelled: killed after it's kept, the replay keeps no second note", async () => {
    const b = await job();
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, b.id));
    const send = press(b.id, 'check-in', { deviceTime: new Date().toISOString() });
    // The kept note is one statement, not a transaction: the crash is played by forgetting the stored answer and
    // ageing the claim past its lease, as a process killed before storing it leaves them.
    const first = await send();
    expect(((await first.json()) as { applied: boolean }).applied).toBe(false);
    await t.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.userId, tech.userId));
    expect(((await (await send()).json()) as { applied: boolean }).applied).toBe(false);
    expect(await notesOf(b.id)).toHaveLength(1);
  });
});

const jpeg = new Uint8Array(
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer(),
);

describe('a photo', () => {
  /** The phone's upload, replayed with the same key and the same bytes (a new multipart boundary each time). */
  function upload(bookingId: string) {
    const key = crypto.randomUUID();
    const deviceTime = new Date().toISOString();
    return () => {
      const form = new FormData();
      form.set('kind', 'after');
      form.set('deviceTime', deviceTime);
      form.set('file', new File([Buffer.from(jpeg)], 'after.jpg', { type: 'image/jpeg' }));
      return t.request(`/api/field/jobs/${bookingId}/photos`, {
        method: 'POST',
        cookie: tech.cookie,
        headers: { 'idempotency-key': key },
        body: form,
      });
    };
  }
  const photosOf = (bookingId: string) =>
    t.db.select().from(fieldPhotos).where(eq(fieldPhotos.bookingId, bookingId));
  const storedFor = (bookingId: string) => storedKeys.filter((k) => k.includes(`/${bookingId}/`));

  it('killed after its commit: the replay answers the same photo, storing no second file', async () => {
    const b = await job();
    const send = upload(b.id);
    await dieAfterCommit(send);
    const [kept] = await photosOf(b.id);
    expect(kept).toMatchObject({ kind: 'after', width: 640, height: 480 });
    expect(storedFor(b.id)).toHaveLength(2); // the photo and its thumbnail

    const replay = await send();
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ applied: true, id: kept!.id, width: 640, height: 480 });
    expect(await photosOf(b.id)).toHaveLength(1);
    expect(await eventsOf(b.id, 'photo')).toHaveLength(1);
    expect(storedFor(b.id)).toHaveLength(2);
    // The file the first run stored is the one the answer points at.
    const full = await t.request(`/api/field/photos/${kept!.id}`, { cookie: tech.cookie });
    expect([full.status, full.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('failing at its end keeps no photo: the replay stores it once', async () => {
    const b = await job();
    const send = upload(b.id);
    await failAtTheEnd(send);
    expect(await photosOf(b.id)).toEqual([]);
    expect(await eventsOf(b.id, 'photo')).toEqual([]);
    expect((await send()).status).toBe(200);
    expect(await photosOf(b.id)).toHaveLength(1);
    expect(await eventsOf(b.id, 'photo')).toHaveLength(1);
  });

  it('two uploads with their own keys are two photos', async () => {
    const b = await job();
    expect((await upload(b.id)()).status).toBe(200);
    expect((await upload(b.id)()).status).toBe(200);
    expect(await photosOf(b.id)).toHaveLength(2);
  });
});

describe('materials used', () => {
  it('killed after the commit: taken from stock once, and the replay takes nothing more', async () => {
    const b = await job();
    const before = await stockOf();
    const send = press(b.id, 'materials', {
      deviceTime: new Date().toISOString(),
      itemId: wax.id,
      quantity: 3,
    });
    await dieAfterCommit(send);
    expect(await stockOf()).toBe(before - 3);
    expect(await movementsOf(b.id)).toHaveLength(1);

    const replay = await send();
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({
      applied: true,
      material: { itemId: wax.id, name: 'Wax', quantity: 3, unit: 'each' },
    });
    expect(await stockOf()).toBe(before - 3);
    expect(await movementsOf(b.id)).toHaveLength(1);
    expect(await t.db.select().from(fieldMaterials).where(eq(fieldMaterials.bookingId, b.id))).toHaveLength(
      1,
    );
    expect(await eventsOf(b.id, 'material')).toHaveLength(1);
  });

  it('failing at its end takes nothing from stock: the replay takes it once', async () => {
    const b = await job();
    const before = await stockOf();
    const send = press(b.id, 'materials', {
      deviceTime: new Date().toISOString(),
      itemId: wax.id,
      quantity: 2,
    });
    await failAtTheEnd(send);
    expect(await stockOf()).toBe(before);
    expect(await eventsOf(b.id, 'material')).toEqual([]);
    expect((await send()).status).toBe(200);
    expect(await stockOf()).toBe(before - 2);
    expect(await movementsOf(b.id)).toHaveLength(1);
  });
});

describe('check-in and check-out', () => {
  it('check-in killed after its event and time commit: the replay moves the job in progress, nothing twice', async () => {
    const b = await job();
    const send = press(b.id, 'check-in', { deviceTime: new Date().toISOString(), lat: 30.27, lng: -97.74 });
    await dieAfterCommit(send);
    expect(await eventsOf(b.id, 'check_in')).toHaveLength(1);
    expect(await jobTimeOf(b.id)).toHaveLength(1);
    // The status walk after the commit never ran.
    expect(await statusOf(b.id)).toBe('confirmed');

    const replay = await send();
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { status: string }).status).toBe('in_progress');
    expect(await statusOf(b.id)).toBe('in_progress');
    expect(await eventsOf(b.id, 'check_in')).toHaveLength(1);
    expect(await jobTimeOf(b.id)).toHaveLength(1);
  });

  it('check-out killed after its commit: one event, the job time ended once', async () => {
    const b = await job();
    expect(
      (await press(b.id, 'check-in', { deviceTime: new Date(Date.now() - 3_600_000).toISOString() })())
        .status,
    ).toBe(200);
    const send = press(b.id, 'check-out', { deviceTime: new Date().toISOString() });
    await dieAfterCommit(send);
    const [ended] = await jobTimeOf(b.id);
    expect(ended!.endedAt).not.toBeNull();
    expect((await send()).status).toBe(200);
    expect(await eventsOf(b.id, 'check_out')).toHaveLength(1);
    expect((await jobTimeOf(b.id))[0]!.endedAt).toEqual(ended!.endedAt);
  });

  it("another business's technician with the same key reaches nothing of this job", async () => {
    const b = await job();
    const other = await t.signUp();
    const send = press(b.id, 'notes', { deviceTime: new Date().toISOString(), text: 'Not mine' }, other);
    expect((await send()).status).toBe(404);
    expect(await notesOf(b.id)).toEqual([]);
  });
});
