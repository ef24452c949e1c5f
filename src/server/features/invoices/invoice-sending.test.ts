import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, grantRole, updateProfile } from '../../db/factories';
import { invoices, messageSends, outboxMessages } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { runAutomations } from '../campaigns/automations/workers';
import { recordConsent } from '../campaigns/consent.service';

const t = await createTestContext({ jobs: 'memory' });
t.deps.messageRetryDelaysMs = [1, 1];
const DAY = 86_400_000;
let n = 0;

/** An owner with an unpaid $54.00 invoice for a completed booking; the customer opted in to texts when asked. */
async function invoiced(opts: { smsOptIn?: boolean } = {}) {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, {
    businessName: 'Invoice Shine',
    phone: '(512) 555-0100',
    timeZone: 'America/Chicago',
  });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Ivy',
    lastName: 'Payer',
    email: `ivy${++n}-${owner.userId.slice(0, 6)}@example.com`,
    phone: `(512) 555-01${String(10 + n).padStart(2, '0')}`,
  });
  if (opts.smsOptIn)
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
  return { owner, customer, invoice: await res.json() };
}
const send = (cookie: string, id: string) =>
  t.request(`/api/invoices/${id}/send`, { method: 'POST', cookie });
const rowsOf = (invoiceId: string, kind: string) =>
  t.db
    .select()
    .from(messageSends)
    .where(and(eq(messageSends.kind, kind), like(messageSends.dedupeKey, `%${invoiceId}%`)));

describe('sending an invoice', () => {
  it('emails the pay link, texts it with consent, marks the invoice sent, and sends once under 10 concurrent clicks', async () => {
    const { owner, customer, invoice } = await invoiced({ smsOptIn: true });
    expect(invoice.sentAt).toBeNull();
    const results = await Promise.all(Array.from({ length: 10 }, () => send(owner.cookie, invoice.id)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const sent = await results[0]!.json();
    expect(sent.sentAt).not.toBeNull();
    for (const r of results.slice(1)) expect((await r.json()).sentAt).toBe(sent.sentAt);

    const rows = await rowsOf(invoice.id, 'invoice');
    expect(rows.map((r) => `${r.channel}/${r.status}`).sort()).toEqual(['email/sent', 'sms/sent']);
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(
      /^Invoice INV-0001 from Invoice Shine: \$54\.00 due [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(mails[0]!.body).toContain(`View and pay it online: ${t.deps.publicUrl}${invoice.payPath}`);
    expect(rows.find((r) => r.channel === 'sms')!.body).toContain(
      `Pay here: ${t.deps.publicUrl}${invoice.payPath}`,
    );

    // A later replay changes nothing.
    const replay = await send(owner.cookie, invoice.id);
    expect((await replay.json()).sentAt).toBe(sent.sentAt);
    expect(await rowsOf(invoice.id, 'invoice')).toHaveLength(2);
  });

  it('emails only when the customer has not opted in to texts', async () => {
    const { owner, invoice } = await invoiced();
    expect((await send(owner.cookie, invoice.id)).status).toBe(200);
    expect((await rowsOf(invoice.id, 'invoice')).map((r) => r.channel)).toEqual(['email']);
  });

  it('refuses a void or paid invoice (409), a technician (403), another business (404) and no session (401)', async () => {
    const { owner, invoice } = await invoiced();
    const other = await invoiced();
    expect((await send(other.owner.cookie, invoice.id)).status).toBe(404);
    expect((await send(owner.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.request(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(401);
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    expect((await send(tech.cookie, invoice.id)).status).toBe(403);
    // Nor does the technician list the invoices (decision 1160).
    expect((await t.request('/api/invoices', { cookie: tech.cookie })).status).toBe(403);

    expect(
      (await t.request(`/api/invoices/${invoice.id}/void`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(200);
    const voided = await send(owner.cookie, invoice.id);
    expect(voided.status).toBe(409);
    expect((await voided.json()).error.message).toBe('A void invoice cannot be sent');
    const paid = await invoiced();
    const pay = await t.request(`/api/invoices/${paid.invoice.id}/payments`, {
      method: 'POST',
      cookie: paid.owner.cookie,
      json: { method: 'cash', amountCents: 5400 },
    });
    expect(pay.status, await pay.clone().text()).toBe(201);
    const res = await send(paid.owner.cookie, paid.invoice.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This invoice is already paid');
    expect(await rowsOf(invoice.id, 'invoice')).toHaveLength(0);
  });
});

describe('overdue invoice reminders', () => {
  const overdueBy = (id: string, days: number) =>
    t.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - days * DAY - 60_000) })
      .where(eq(invoices.id, id));
  const steps = async (id: string) =>
    (await rowsOf(id, 'invoice_reminder')).map((r) => `${r.dedupeKey.split(':')[2]}/${r.channel}`).sort();

  it('are off by default; once on, each step (1, 7, 14 days) goes out once through the tick, email and SMS with consent', async () => {
    const { owner, customer, invoice } = await invoiced({ smsOptIn: true });
    expect(await (await t.request('/api/invoice-reminders', { cookie: owner.cookie })).json()).toEqual({
      enabled: false,
    });
    await overdueBy(invoice.id, 2);
    await runAutomations(t.deps);
    expect(await steps(invoice.id)).toEqual([]);

    const on = await t.request('/api/invoice-reminders', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { enabled: true },
    });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ enabled: true });
    await runAutomations(t.deps);
    await runAutomations(t.deps);
    expect(await steps(invoice.id)).toEqual(['1/email', '1/sms']);
    const mails = (
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email))
    ).filter((m) => m.subject?.startsWith('Reminder: invoice INV-0001'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`Pay it online: ${t.deps.publicUrl}${invoice.payPath}`);
    expect(mails[0]!.body).toContain('$54.00 is still to pay');

    await overdueBy(invoice.id, 8);
    await Promise.all([runAutomations(t.deps), runAutomations(t.deps)]);
    expect(await steps(invoice.id)).toEqual(['1/email', '1/sms', '7/email', '7/sms']);
    await overdueBy(invoice.id, 30);
    await runAutomations(t.deps);
    await runAutomations(t.deps);
    expect(await steps(invoice.id)).toEqual(['1/email', '1/sms', '14/email', '14/sms', '7/email', '7/sms']);
    // Email goes at once; texts wait for quiet hours to end, so only the emails are known to be out.
    expect(
      (await rowsOf(invoice.id, 'invoice_reminder'))
        .filter((r) => r.channel === 'email')
        .every((r) => r.status === 'sent'),
    ).toBe(true);
  });

  it('skip paid and void invoices and businesses with reminders off; a technician cannot switch them', async () => {
    const a = await invoiced();
    const off = await invoiced();
    await t.request('/api/invoice-reminders', {
      method: 'PUT',
      cookie: a.owner.cookie,
      json: { enabled: true },
    });
    const paid = await t.request(`/api/invoices/${a.invoice.id}/payments`, {
      method: 'POST',
      cookie: a.owner.cookie,
      json: { method: 'cash', amountCents: 5400 },
    });
    expect(paid.status).toBe(201);
    await overdueBy(a.invoice.id, 3);
    await overdueBy(off.invoice.id, 3);
    await runAutomations(t.deps);
    expect(await steps(a.invoice.id)).toEqual([]);
    expect(await steps(off.invoice.id)).toEqual([]);

    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', off.owner.userId);
    expect(
      (
        await t.request('/api/invoice-reminders', {
          method: 'PUT',
          cookie: tech.cookie,
          json: { enabled: true },
        })
      ).status,
    ).toBe(403);
    const bad = await t.request('/api/invoice-reminders', {
      method: 'PUT',
      cookie: off.owner.cookie,
      json: { enabled: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(await (await t.request('/api/invoice-reminders', { cookie: off.owner.cookie })).json()).toEqual({
      enabled: false,
    });
  });
});
