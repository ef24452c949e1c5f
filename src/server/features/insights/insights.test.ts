import { describe, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  createInventoryItem,
  createService,
  grantRole,
} from '../../db/factories';
import { bookingRules, invoices, stockMovements } from '../../db/schema';
import { keepIfSameNumbers } from '../../providers/content/openai-generator';
import { createTestContext } from '../../test/harness';
import { createSeoSettings } from '../seo/seo-settings';
import { mondayOf } from './insights.rules';
import { digestOf, sendWeeklyDigests } from './insights.service';

// The weekly insights digest (docs/decisions/1241) against fixtures computed by hand: each rule fires on its own
// business's rows with the figures stated, in the order of urgency, and the digest is written and emailed once.

const t = await createTestContext();
// Monday 23 November 2026, 07:30 in Chicago (UTC−6): the digest's week starts that day.
const MONDAY_0730 = new Date('2026-11-23T13:30:00Z');
const MONDAY_0659 = new Date('2026-11-23T12:59:00Z');

async function shop() {
  const owner = await t.signUp({ plan: 'elite' });
  const id = owner.userId;
  let k = 0;
  const customer = () =>
    createCustomer(t.db, id, {
      firstName: `C${++k}`,
      lastName: 'Doe',
      email: `c${k}-${id.slice(0, 6)}@example.com`,
    });
  const service = (name: string) => createService(t.db, id, { name, basePriceCents: 10_000 });
  const book = (
    s: { id: string; name: string },
    customerId: string | null,
    at: string,
    status: 'pending' | 'confirmed' | 'completed',
    price = 10_000,
  ) =>
    createBooking(t.db, id, {
      service: { id: s.id, name: s.name, durationMinutes: 90 },
      customerId,
      scheduledAt: new Date(at),
      locationAddress: '1 Main St',
      quotedPriceCents: price,
      finalPriceCents: status === 'completed' ? price : null,
      status,
    });
  return { owner, id, customer, service, book };
}

// Shop 1: two invoices 40+ days past due, two items running out, one ceramic coating due its top-up.
const one = await shop();
for (const [number, total] of [
  [1, 20_000],
  [2, 28_000],
] as const) {
  await t.db.insert(invoices).values({
    businessId: one.id,
    number,
    customerName: 'Doe',
    customerEmail: 'doe@example.com',
    items: [],
    subtotalCents: total,
    taxRateBps: 0,
    taxCents: 0,
    totalCents: total,
    paidCents: 0,
    status: 'unpaid',
    dueAt: new Date('2026-10-10T12:00:00Z'),
  });
}
await createInventoryItem(t.db, one.id, { name: 'Polish', currentStock: 2, minStockAlert: 5 });
const foam = await createInventoryItem(t.db, one.id, { name: 'Foam', currentStock: 10, minStockAlert: 1 });
await createInventoryItem(t.db, one.id, { name: 'Towels', currentStock: 50, minStockAlert: 5 });
// 60 bottles of foam went into jobs in the last 4 weeks: 15 a week, more than the 10 left.
await t.db
  .insert(stockMovements)
  .values({ businessId: one.id, inventoryItemId: foam.id, change: -60, stockAfter: 10, reason: 'job' });
const ceramic = await one.service('Ceramic Coating');
const [due, rebooked] = [await one.customer(), await one.customer()];
await one.book(ceramic, due.id, '2026-05-20T15:00:00Z', 'completed');
await one.book(ceramic, rebooked.id, '2026-05-20T18:00:00Z', 'completed');
await one.book(ceramic, rebooked.id, '2026-12-01T15:00:00Z', 'pending');

// Shop 2: three customers lapsed since July ($100 each), one who rebooked; revenue doubled on the 4 weeks before.
const two = await shop();
const wash = await two.service('Basic Wash');
for (let k = 0; k < 3; k++)
  await two.book(wash, (await two.customer()).id, '2026-07-15T15:00:00Z', 'completed');
const back = await two.customer();
await two.book(wash, back.id, '2026-07-15T18:00:00Z', 'completed');
await two.book(wash, back.id, '2026-11-30T15:00:00Z', 'pending');
await two.book(wash, (await two.customer()).id, '2026-10-15T15:00:00Z', 'completed');
await two.book(wash, null, '2026-11-10T15:00:00Z', 'completed', 20_000);

// Shop 3: open Tuesdays and Saturdays 08:00–18:00; over the 8 weeks before, five 90-minute jobs every Saturday
// (450 of 600 minutes: 75 %) and one on a Tuesday (90 of 4,800 minutes: 2 %).
const three = await shop();
const open = { open: '08:00', close: '18:00' };
await t.db
  .insert(bookingRules)
  .values({ businessId: three.id, weeklyHours: [null, null, open, null, null, null, open] });
const detail = await three.service('Full Detail');
for (let week = 0; week < 8; week++) {
  const saturday = new Date(Date.UTC(2026, 9, 3 + 7 * week, 14));
  for (let k = 0; k < 5; k++)
    await three.book(
      detail,
      null,
      new Date(saturday.getTime() + k * 2 * 3_600_000).toISOString(),
      'confirmed',
    );
}
await three.book(detail, null, '2026-10-06T15:00:00Z', 'confirmed');

const kinds = (d: { findings: Array<{ kind: string }> }) => d.findings.map((f) => f.kind);

describe('the rules, by hand', () => {
  it('the week is Monday to Sunday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
  });

  it('money owed first, then stock, then customers due a top-up', async () => {
    const d = await digestOf(t.deps, one.id, MONDAY_0730);
    expect(d.weekStart).toBe('2026-11-23');
    expect(kinds(d)).toEqual(['overdue_invoices', 'stock_running_out', 'top_up_due']);
    expect(d.findings[0]).toEqual({
      kind: 'overdue_invoices',
      text: '2 invoices are more than 30 days past due, $480.00 in all.',
      figures: { invoices: 2, balanceCents: 48_000 },
      action: { label: 'Open invoices', href: '/invoices' },
    });
    expect(d.findings[1]!.text).toBe(
      '2 items are at or below the alert level or will run out this week at the rate jobs use them: Polish, Foam.',
    );
    expect(d.findings[2]!.figures).toEqual({ customers: 1 });
    expect(d.findings[2]!.action!.href).toMatch(/^\/campaigns\?new=1&name=Ceramic%20top-up&message=/);
  });

  it('lapsed customers with what they spent, and a clear change in revenue', async () => {
    const d = await digestOf(t.deps, two.id, MONDAY_0730);
    expect(kinds(d)).toEqual(['lapsed_customers', 'revenue_trend']);
    expect(d.findings[0]!.text).toBe(
      '3 customers who used to book have not been back for 3 months or more; together they spent $300.00 with you.',
    );
    expect(d.findings[1]).toMatchObject({
      text: 'Revenue over the last 4 weeks was $200.00, up 100% on the 4 weeks before ($100.00).',
      figures: { revenueCents: 20_000, previousRevenueCents: 10_000, changePercent: 100 },
      action: null,
    });
  });

  it('the quietest open weekday against the busiest, by booked ÷ open hours', async () => {
    const d = await digestOf(t.deps, three.id, MONDAY_0730);
    expect(kinds(d)).toEqual(['quiet_weekday']);
    expect(d.findings[0]).toMatchObject({
      text: 'Tuesdays were 2% booked over the last 8 weeks, against 75% on Saturdays — an offer for Tuesdays could fill them.',
      figures: { quietFillPercent: 2, busyFillPercent: 75, weeks: 8 },
      action: { label: 'Send a Tuesday promo' },
    });
  });

  it('a business with nothing to act on gets an empty digest', async () => {
    const quiet = await shop();
    expect((await digestOf(t.deps, quiet.id, MONDAY_0730)).findings).toEqual([]);
  });
});

describe('written once a week', () => {
  it('the stored digest is read back, not recomputed, until the next Monday', async () => {
    const first = await digestOf(t.deps, one.id, MONDAY_0730);
    await createInventoryItem(t.db, one.id, { name: 'Wax', currentStock: 0, minStockAlert: 2 });
    const again = await digestOf(t.deps, one.id, new Date('2026-11-29T20:00:00Z'));
    expect(again).toEqual(first);
    const next = await digestOf(t.deps, one.id, new Date('2026-11-30T14:00:00Z'));
    expect(next.weekStart).toBe('2026-11-30');
    expect(next.findings[1]!.figures).toEqual({ items: 3 });
  });

  it("the language model's rewrite is kept only where it keeps the numbers", async () => {
    const fresh = await shop();
    await createInventoryItem(t.db, fresh.id, { name: 'Clay', currentStock: 0, minStockAlert: 3 });
    const deps = {
      ...t.deps,
      seo: createSeoSettings({
        content: {
          name: 'fake-model',
          generate: () => Promise.reject(new Error('not used')),
          rewriteFindings: async (sentences: string[]) =>
            sentences.map((s) => keepIfSameNumbers(s, `Heads up! ${s.replace('1 item', 'One item')}`)),
        },
      }),
    };
    const d = await digestOf(deps, fresh.id, MONDAY_0730);
    // "1 item" became "One item": a number was dropped, so the rules' words stay.
    expect(d.findings[0]!.text).toMatch(/^1 item is at or below/);
    expect(keepIfSameNumbers('2 invoices, $480.00.', 'Heads up: 2 invoices owe you $480.00!')).toBe(
      'Heads up: 2 invoices owe you $480.00!',
    );
    expect(keepIfSameNumbers('2 invoices, $480.00.', 'Heads up: 3 invoices owe you $480.00!')).toBe(
      '2 invoices, $480.00.',
    );
  });
});

describe('the API', () => {
  it('Elite owners read it; Pro gets 402, a technician 403, no session 401', async () => {
    const res = await t.request('/api/insights', { cookie: two.owner.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.findings.map((f: { kind: string }) => f.kind)).toContain('lapsed_customers');
    // Only this business's figures: shop 1's invoices are not in shop 2's digest.
    expect(JSON.stringify(body)).not.toContain('$480.00');
    const pro = await t.signUp({ plan: 'pro' });
    const refused = await t.request('/api/insights', { cookie: pro.cookie });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toBe(
      'AI insights is part of the Elite plan. Upgrade on the Billing page to use it.',
    );
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', two.id);
    expect((await t.request('/api/insights', { cookie: tech.cookie })).status).toBe(403);
    expect((await t.request('/api/insights')).status).toBe(401);
  });
});

describe('the Monday email', () => {
  const digests = async (email: string) =>
    (await t.emailsTo(email)).filter((m) => m.subject?.endsWith('what to act on this week'));

  it('goes at 07:00 in the business zone, once, to Elite owners only', async () => {
    const pro = await t.signUp({ plan: 'pro' });
    await sendWeeklyDigests(t.deps, MONDAY_0659);
    expect(await digests(one.owner.email)).toHaveLength(0);
    await sendWeeklyDigests(t.deps, MONDAY_0730);
    await sendWeeklyDigests(t.deps, new Date('2026-11-23T15:00:00Z'));
    const mails = await digests(one.owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('2 invoices are more than 30 days past due, $480.00 in all.');
    expect(mails[0]!.body).toContain('Open invoices: http');
    expect(await digests(pro.email)).toHaveLength(0);
    // Tuesday: no new email for the same week.
    await sendWeeklyDigests(t.deps, new Date('2026-11-24T13:30:00Z'));
    expect(await digests(one.owner.email)).toHaveLength(1);
  });
});
