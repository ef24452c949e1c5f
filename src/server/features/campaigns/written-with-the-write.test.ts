import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, updateProfile } from '../../db/factories';
import { bookings, messageSends } from '../../db/schema';
import { crashes, deliveredTo, Killed, messageRows, sweep } from '../../test/crash';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, daysAhead } from '../bookings/book/booking.fixtures';
import { newManageToken } from './automations/customer-links';
import { queueTransactionalSms } from './automations/message-queue';
import { recordConsent } from './consent.service';
import { selfServiceReschedule } from './self-service.service';

// Every transactional message is a row written in the transaction of the write that implies it (decision 1331): a
// write that rolls back leaves no row; a process that dies right after the commit leaves the row pending, and the
// automations tick delivers it once; a replayed request writes no second row.

const t = await createTestContext();
const DAY = 86_400_000;
let n = 0;

const { dieAfterCommit, failAtTheEnd } = crashes(t.db);
const rowsOf = (businessId: string, kind: string) => messageRows(t.db, businessId, kind);
const delivered = (to: string) => deliveredTo(t.db, to);
const tick = () => sweep(t.deps);

describe('queueTransactionalSms', () => {
  it('writes in the transaction only, and skips a number that is no mobile number', async () => {
    const owner = await t.signUp();
    const row = { businessId: owner.userId, kind: 'invoice' as const, body: 'Your invoice' };
    await expect(
      t.db.transaction(async (tx) => {
        await queueTransactionalSms(tx, t.deps.publicUrl, {
          ...row,
          dedupeKey: `t:${owner.userId}:1`,
          phone: '(512) 555-0170',
        });
        throw new Killed('the write failed');
      }),
    ).rejects.toThrow(Killed);
    expect(await rowsOf(owner.userId, 'invoice')).toEqual([]);
    const ids = await t.db.transaction(async (tx) => [
      ...(await queueTransactionalSms(tx, t.deps.publicUrl, {
        ...row,
        dedupeKey: `t:${owner.userId}:2`,
        phone: 'not a number',
      })),
      ...(await queueTransactionalSms(tx, t.deps.publicUrl, {
        ...row,
        dedupeKey: `t:${owner.userId}:3`,
        phone: '(512) 555-0170',
      })),
    ]);
    expect(ids).toHaveLength(1);
    const [sms] = await rowsOf(owner.userId, 'invoice');
    expect(sms).toMatchObject({ channel: 'sms', to: '+15125550170', status: 'pending' });
    expect(sms!.body).toMatch(/STOP/);
  });
});

describe("an owner's New booking", () => {
  const post = (cookie: string, serviceId: string, email: string, time: string) =>
    t.request('/api/bookings', {
      method: 'POST',
      cookie,
      json: {
        serviceId,
        customer: { firstName: 'Pat', lastName: 'Caller', email, phone: '(512) 555-0111' },
        vehicle: { make: 'Ford', model: 'F-150', year: 2020, color: 'Black' },
        vehicleType: 'truck',
        date: daysAhead(3),
        time,
        locationAddress: '200 Oak St, Austin, TX 78704',
      },
    });

  it('confirms once after a crash right after the commit, and leaves nothing when the booking rolls back', async () => {
    const owner = await t.signUp();
    const [wash] = await bookableBusiness(t.db, owner.userId);
    const email = `pat${++n}-${owner.userId.slice(0, 6)}@example.com`;
    await failAtTheEnd(() => post(owner.cookie, wash!.id, email, '10:00'));
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toEqual([]);
    expect(await rowsOf(owner.userId, 'confirmation')).toEqual([]);

    await dieAfterCommit(() => post(owner.cookie, wash!.id, email, '10:00'));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    expect(booking).toBeDefined();
    const rows = await rowsOf(owner.userId, 'confirmation');
    expect(rows.map((r) => [r.channel, r.status, r.bookingId]).sort()).toEqual([
      ['email', 'pending', booking!.id],
      ['sms', 'pending', booking!.id],
    ]);
    await tick();
    const mails = await delivered(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/\/manage\//);
    expect(await delivered('+15125550111')).not.toHaveLength(0);
    expect((await rowsOf(owner.userId, 'confirmation')).map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

/** An owner with an unpaid $54.00 invoice for a completed booking; the customer opted in to texts. */
async function invoiced() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { businessName: 'Outbox Shine', timeZone: 'America/Chicago' });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Ivy',
    lastName: 'Payer',
    email: `ivy${++n}-${owner.userId.slice(0, 6)}@example.com`,
    phone: `(512) 555-02${String(10 + n).padStart(2, '0')}`,
  });
  await recordConsent(t.db, owner.userId, customer.id, { sms: true, source: 'booking_form' });
  const booking = await createBooking(t.db, owner.userId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() - DAY),
    locationAddress: '1 Main St, Austin, TX 78701',
    quotedPriceCents: 5400,
    status: 'completed',
    finalPriceCents: 5400,
  });
  const res = await t.request(`/api/invoices/from-booking/${booking.id}`, {
    method: 'POST',
    cookie: owner.cookie,
  });
  expect(res.status).toBe(201);
  return { owner, customer, invoice: (await res.json()) as { id: string } };
}
const invoiceRows = (invoiceId: string, kind: string) =>
  t.db
    .select()
    .from(messageSends)
    .where(and(eq(messageSends.kind, kind), like(messageSends.dedupeKey, `%${invoiceId}%`)));

describe('an invoice sent', () => {
  const send = (cookie: string, id: string) =>
    t.request(`/api/invoices/${id}/send`, { method: 'POST', cookie });

  it('is not marked sent without its messages, reaches the customer by email and SMS after a crash, once', async () => {
    const { owner, customer, invoice } = await invoiced();
    await failAtTheEnd(() => send(owner.cookie, invoice.id));
    expect(await invoiceRows(invoice.id, 'invoice')).toEqual([]);
    const unsent = await t.request(`/api/invoices/${invoice.id}`, { cookie: owner.cookie });
    expect((await unsent.json()).sentAt).toBeNull();

    await dieAfterCommit(() => send(owner.cookie, invoice.id));
    const rows = await invoiceRows(invoice.id, 'invoice');
    expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
      ['email', 'pending'],
      ['sms', 'pending'],
    ]);
    await tick();
    expect(await delivered(customer.email!.toLowerCase())).toHaveLength(1);
    // The replayed Send finds the invoice sent: no second row, no second message.
    expect((await send(owner.cookie, invoice.id)).status).toBe(200);
    expect(await invoiceRows(invoice.id, 'invoice')).toHaveLength(2);
    expect(await delivered(customer.email!.toLowerCase())).toHaveLength(1);
  });
});

describe('an offline payment and its refund', () => {
  it('each receipt commits with its write and is delivered once after a crash; a replayed refund writes none', async () => {
    const { owner, customer, invoice } = await invoiced();
    const to = customer.email!.toLowerCase();
    const pay = () =>
      t.request(`/api/invoices/${invoice.id}/payments`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { method: 'cash', amountCents: 5400, note: null },
      });
    await failAtTheEnd(pay);
    expect(await rowsOf(owner.userId, 'receipt')).toEqual([]);
    await dieAfterCommit(pay);
    expect((await rowsOf(owner.userId, 'receipt')).map((r) => r.status)).toEqual(['pending']);
    await tick();
    expect(await delivered(to)).toHaveLength(1);

    const refund = () =>
      t.request(`/api/invoices/${invoice.id}/refunds`, {
        method: 'POST',
        cookie: owner.cookie,
        headers: { 'Idempotency-Key': `refund-${invoice.id}` },
        json: { amountCents: 2000, reason: 'Missed a spot' },
      });
    await failAtTheEnd(refund);
    expect(await rowsOf(owner.userId, 'receipt')).toHaveLength(1);
    await dieAfterCommit(refund);
    const receipts = await rowsOf(owner.userId, 'receipt');
    expect(receipts.filter((r) => r.status === 'pending').map((r) => r.dedupeKey)).toEqual([
      expect.stringMatching(/^invoice-refund:/),
    ]);
    await tick();
    expect(await delivered(to)).toHaveLength(2);
    expect((await refund()).status).toBe(200);
    expect(await rowsOf(owner.userId, 'receipt')).toHaveLength(2);
    expect(await delivered(to)).toHaveLength(2);
  });
});

describe("a customer's self-service move", () => {
  it("writes the customer's and the owner's notices with the move; a crash after it still tells both, once", async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    const email = `sam${++n}-${owner.userId.slice(0, 6)}@example.com`;
    const customer = await createCustomer(t.db, owner.userId, { firstName: 'Sam', lastName: 'Self', email });
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: null, name: 'Express Wash', durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 5 * DAY),
      locationAddress: '1 Main St, Austin, TX 78701',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const token = await newManageToken(t.db, owner.userId, booking.id);
    const move = () => selfServiceReschedule(t.deps, token, { date: daysAhead(3), time: '11:00' });

    await failAtTheEnd(move);
    expect(await rowsOf(owner.userId, 'self_service')).toEqual([]);
    expect(await rowsOf(owner.userId, 'self_service_owner')).toEqual([]);

    await dieAfterCommit(move);
    const [mine] = await rowsOf(owner.userId, 'self_service');
    const [theirs] = await rowsOf(owner.userId, 'self_service_owner');
    expect(mine).toMatchObject({ status: 'pending', to: email });
    expect(theirs).toMatchObject({ status: 'pending', bookingId: booking.id });
    const toOwnerBefore = (await delivered(theirs!.to)).length;
    await tick();
    expect(await delivered(email)).toHaveLength(1);
    expect(await delivered(theirs!.to)).toHaveLength(toOwnerBefore + 1);
    // The same move again is refused, and writes nothing.
    await expect(move()).rejects.toThrow(/different time/);
    expect(await rowsOf(owner.userId, 'self_service')).toHaveLength(1);
    expect(await rowsOf(owner.userId, 'self_service_owner')).toHaveLength(1);
  });
});

describe("an owner's Edit of a booking's time", () => {
  it('writes the new-time email with the move; a crash right after it still tells the customer, once', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    const email = `eddie${++n}-${owner.userId.slice(0, 6)}@example.com`;
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Eddie',
      lastName: 'Edit',
      email,
    });
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: null, name: 'Express Wash', durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 5 * DAY),
      locationAddress: '1 Main St, Austin, TX 78701',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const edit = () =>
      t.request(`/api/bookings/${booking.id}`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { date: daysAhead(3), time: '11:00' },
      });

    await failAtTheEnd(edit);
    expect(await rowsOf(owner.userId, 'time_change')).toEqual([]);
    await dieAfterCommit(edit);
    const [row] = await rowsOf(owner.userId, 'time_change');
    expect(row).toMatchObject({ status: 'pending', to: email, bookingId: booking.id });
    await tick();
    expect(await delivered(email)).toHaveLength(1);
    // The same Edit again changes nothing and writes nothing.
    expect((await edit()).status).toBe(200);
    await tick();
    expect(await rowsOf(owner.userId, 'time_change')).toHaveLength(1);
    expect(await delivered(email)).toHaveLength(1);
  });
});
