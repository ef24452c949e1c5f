import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../shared/memberships';
import { createBooking, createCustomer } from '../../db/factories';
import { messageSends, planCharges, planMembers } from '../../db/schema';
import { signedTokenId } from '../../http/tokens';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { holdByMember, memberPage, payTestMembership } from './members.service';
import { runMembershipBilling } from './membership-billing.service';
import { planBody } from './memberships.fixtures';

const t = await createTestContext();
const DAY = 86_400_000;

async function businessWithPlan(overrides: Record<string, unknown> = {}) {
  const owner = await t.signUp();
  await bookableBusiness(t.db, owner.userId);
  const res = await t.request('/api/memberships/plans', {
    method: 'POST',
    cookie: owner.cookie,
    json: planBody(overrides),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { owner, plan: (await res.json()) as { id: string; name: string } };
}

/** A customer joins in test mode and pays the first month on their member page; returns the member's token. */
async function join(planId: string, at: Date, opts: { vehicles?: number; phone?: string } = {}) {
  const res = await t.request('/api/public/memberships/join', {
    method: 'POST',
    json: {
      planId,
      name: 'Casey Member',
      email: `casey-${crypto.randomUUID().slice(0, 6)}@example.com`,
      phone: opts.phone ?? '(512) 555-0142',
      vehicles: opts.vehicles ?? 1,
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url, mode } = await res.json();
  expect(mode).toBe('test');
  const token = url.split('/membership/')[1] as string;
  const page = await payTestMembership(t.deps, token, at);
  return { token, page, memberId: signedTokenId(t.deps.linkSecret, 'membership', token)! };
}

const memberRow = async (id: string) =>
  (await t.db.select().from(planMembers).where(eq(planMembers.id, id)))[0]!;
const chargesOf = (id: string) => t.db.select().from(planCharges).where(eq(planCharges.memberId, id));
const dunningOf = (id: string) =>
  t.db
    .select()
    .from(messageSends)
    .where(eq(messageSends.kind, 'membership'))
    .then((rows) => rows.filter((r) => r.dedupeKey.startsWith(`membership:${id}:`)));

describe('plans', () => {
  it('the owner creates, lists and edits plans; another business gets 404', async () => {
    const { owner, plan } = await businessWithPlan();
    const list = await (await t.request('/api/memberships/plans', { cookie: owner.cookie })).json();
    expect(list.items).toHaveLength(1);
    expect(list.nextCursor).toBeNull();
    expect(list.items[0]).toMatchObject({
      name: 'Monthly Maintenance',
      monthlyPriceCents: 7900,
      activeMembers: 0,
    });
    const edit = await t.request(`/api/memberships/plans/${plan.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: planBody({ monthlyPriceCents: 8900, holdAllowed: false, maxHoldMonths: 3 }),
    });
    expect(await edit.json()).toMatchObject({
      monthlyPriceCents: 8900,
      holdAllowed: false,
      maxHoldMonths: 0,
    });

    const other = await t.signUp();
    for (const [method, path, json] of [
      ['PUT', `/api/memberships/plans/${plan.id}`, planBody()],
      ['GET', `/api/memberships/plans/${plan.id}/invite-link`, undefined],
    ] as const) {
      const res = await t.request(path, { method, cookie: other.cookie, json });
      expect(res.status).toBe(404);
    }
    const theirs = await (await t.request('/api/memberships/plans', { cookie: other.cookie })).json();
    expect(theirs.items).toHaveLength(0);
  });

  it('refuses a plan without vehicle types or with a price under $1', async () => {
    const owner = await t.signUp();
    for (const bad of [planBody({ vehicleTypes: [] }), planBody({ monthlyPriceCents: 50 })]) {
      const res = await t.request('/api/memberships/plans', {
        method: 'POST',
        cookie: owner.cookie,
        json: bad,
      });
      expect(res.status).toBe(400);
    }
  });

  it('an invitation link opens its plan; a forged one is 404', async () => {
    const { owner, plan } = await businessWithPlan();
    const { url } = await (
      await t.request(`/api/memberships/plans/${plan.id}/invite-link`, { cookie: owner.cookie })
    ).json();
    const token = url.split('/invite/')[1];
    const res = await t.request(`/api/public/memberships/invite/${token}`);
    expect((await res.json()).items[0].id).toBe(plan.id);
    const forged = `${token.slice(0, 22)}${'A'.repeat(22)}`;
    expect((await t.request(`/api/public/memberships/invite/${forged}`)).status).toBe(404);
  });
});

describe('joining and renewals (test clock)', () => {
  it('the first month is charged once, credits granted per vehicle, renewals exactly once a month', async () => {
    const { owner, plan } = await businessWithPlan();
    const start = new Date('2030-01-31T15:00:00Z');
    const { memberId, page } = await join(plan.id, start, { vehicles: 2 });
    expect(page).toMatchObject({ status: 'active', credits: 2, monthlyCents: 15800 });
    expect((await memberRow(memberId)).nextChargeAt).toEqual(new Date('2030-02-28T15:00:00Z'));

    // The run before the date bills nothing; at the date, twice in a row and twice at once, once.
    await runMembershipBilling(t.deps, new Date('2030-02-27T15:00:00Z'));
    expect(await chargesOf(memberId)).toHaveLength(1);
    const at = new Date('2030-02-28T16:00:00Z');
    await Promise.all([runMembershipBilling(t.deps, at), runMembershipBilling(t.deps, at)]);
    await runMembershipBilling(t.deps, at);
    const charges = await chargesOf(memberId);
    expect(charges.map((c) => [c.status, c.amountCents])).toEqual([
      ['paid', 15800],
      ['paid', 15800],
    ]);
    expect(charges[1]!.applicationFeeCents).toBe(Math.round(15800 * 0.05) + 30);
    const summary = await (await t.request('/api/memberships/summary', { cookie: owner.cookie })).json();
    expect(summary).toMatchObject({ mrrCents: 15800, members: { active: 1 }, pastDue: 0 });
    const members = await (await t.request('/api/memberships/members', { cookie: owner.cookie })).json();
    expect(members.items[0]).toMatchObject({ status: 'active', credits: 4, planName: 'Monthly Maintenance' });
    const plans = await (await t.request('/api/memberships/plans', { cookie: owner.cookie })).json();
    expect(plans.items[0].activeMembers).toBe(1);
  });

  it('quarterly credits are granted every third paid month', async () => {
    const { plan } = await businessWithPlan({ creditPeriod: 'quarter', includedCredits: 2 });
    let at = new Date('2030-03-01T12:00:00Z');
    const { memberId, token } = await join(plan.id, at);
    const credits: number[] = [(await memberPage(t.deps, token, at)).credits];
    for (let i = 1; i <= 4; i++) {
      at = addMonths(new Date('2030-03-01T12:00:00Z'), i);
      await runMembershipBilling(t.deps, at);
      credits.push((await memberPage(t.deps, token, at)).credits);
    }
    expect(credits).toEqual([2, 2, 2, 4, 4]);
    expect(await chargesOf(memberId)).toHaveLength(5);
  });
});

describe('dunning', () => {
  it('retries on days 1, 3 and 7, tells the member once per attempt by email and text, then suspends', async () => {
    const { owner, plan } = await businessWithPlan();
    const start = new Date('2030-05-10T14:00:00Z');
    const { memberId } = await join(plan.id, start);
    await t.db.update(planMembers).set({ testCardState: 'declining' }).where(eq(planMembers.id, memberId));
    const due = new Date('2030-06-10T14:00:00Z');
    const runTwice = async (at: Date) => {
      await runMembershipBilling(t.deps, at);
      await runMembershipBilling(t.deps, at);
    };
    await runTwice(new Date(due.getTime() + 3_600_000));
    expect((await memberRow(memberId)).status).toBe('past_due');
    expect(await dunningOf(memberId)).toHaveLength(2); // email + SMS
    const failed = (await memberRow(memberId)).failedAt!;
    // Half a day later: no retry yet.
    await runTwice(new Date(failed.getTime() + 0.5 * DAY));
    expect(await chargesOf(memberId)).toHaveLength(2);
    for (const [day, attempts] of [
      [1, 3],
      [2, 3],
      [3, 4],
      [6.9, 4],
    ] as const) {
      await runTwice(new Date(failed.getTime() + day * DAY + 60_000));
      expect((await chargesOf(memberId)).length, `day ${day}`).toBe(attempts);
      expect((await memberRow(memberId)).status).toBe('past_due');
    }
    await runTwice(new Date(failed.getTime() + 7 * DAY + 60_000));
    expect((await memberRow(memberId)).status).toBe('suspended');
    const notices = await dunningOf(memberId);
    expect(notices).toHaveLength(8);
    expect(notices.filter((n) => n.channel === 'email').map((n) => n.subject)).toEqual([
      ...Array(3).fill(`Test Detailing Co: your Monthly Maintenance payment did not go through`),
      'Test Detailing Co: your Monthly Maintenance is suspended',
    ]);
    expect(notices.find((n) => n.channel === 'sms')!.body).toContain('/membership/');
    expect(notices.every((n) => n.body.includes('#card'))).toBe(true);
    // Suspended: no more charges, not in MRR, no credit spend.
    await runTwice(new Date(failed.getTime() + 40 * DAY));
    expect(await chargesOf(memberId)).toHaveLength(5);
    const summary = await (await t.request('/api/memberships/summary', { cookie: owner.cookie })).json();
    expect(summary).toMatchObject({ mrrCents: 0, members: { suspended: 1 } });
  });

  it('a card update pays the failed month at once with the next retry', async () => {
    const { plan } = await businessWithPlan();
    const { memberId, token } = await join(plan.id, new Date('2030-07-01T12:00:00Z'));
    await t.db.update(planMembers).set({ testCardState: 'declining' }).where(eq(planMembers.id, memberId));
    await runMembershipBilling(t.deps, new Date('2030-08-01T13:00:00Z'));
    const card = await t.request(`/api/public/memberships/member/${token}/card`, { method: 'POST' });
    expect(await card.json()).toMatchObject({ status: 'active', credits: 2, cardDeclining: false });
    expect((await chargesOf(memberId)).map((c) => [c.attempt, c.status])).toEqual([
      [0, 'paid'],
      [0, 'failed'],
      [1, 'paid'],
    ]);
    expect((await memberRow(memberId)).nextChargeAt).toEqual(new Date('2030-09-01T12:00:00Z'));
  });
});

describe('hold, cancel and credits', () => {
  it('a held plan bills nothing and books nothing, then resumes at the same rate', async () => {
    const { owner, plan } = await businessWithPlan();
    const { memberId, token } = await join(plan.id, new Date('2030-01-15T12:00:00Z'));
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.com',
    });
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: null, name: 'Wash', durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 5 * DAY),
      locationAddress: '1 Main St',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const page = await holdByMember(t.deps, token, 2, new Date('2030-01-20T12:00:00Z'));
    expect(page).toMatchObject({ status: 'on_hold', holdMonthsLeft: 2 });
    expect((await memberRow(memberId)).nextChargeAt).toEqual(new Date('2030-04-15T12:00:00Z'));
    const spend = await t.request(`/api/memberships/members/${memberId}/credits`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { bookingId: booking.id },
    });
    expect(spend.status).toBe(409);
    await runMembershipBilling(t.deps, new Date('2030-02-16T12:00:00Z'));
    await runMembershipBilling(t.deps, new Date('2030-03-16T12:00:00Z'));
    expect(await chargesOf(memberId)).toHaveLength(1);
    // Three more months would exceed the 4 a year.
    await runMembershipBilling(t.deps, new Date('2030-03-21T12:00:00Z'));
    expect((await memberRow(memberId)).status).toBe('active');
    await expect(holdByMember(t.deps, token, 3, new Date('2030-03-21T12:00:00Z'))).rejects.toMatchObject({
      status: 409,
    });
    await runMembershipBilling(t.deps, new Date('2030-04-15T13:00:00Z'));
    expect((await chargesOf(memberId)).map((c) => c.amountCents)).toEqual([7900, 7900]);
  });

  it('credits: spent once per booking, never below zero, given back once; another business 404', async () => {
    const { owner, plan } = await businessWithPlan({ includedCredits: 1 });
    const { memberId } = await join(plan.id, new Date());
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'C',
      lastName: 'D',
      email: 'cd@example.com',
    });
    const mk = () =>
      createBooking(t.db, owner.userId, {
        service: { id: null, name: 'Wash', durationMinutes: 60 },
        customerId: customer.id,
        scheduledAt: new Date(Date.now() + 5 * DAY),
        locationAddress: '1 Main St',
        quotedPriceCents: 5000,
        status: 'confirmed',
      });
    const [b1, b2] = [await mk(), await mk()];
    const spend = (bookingId: string, cookie = owner.cookie) =>
      t.request(`/api/memberships/members/${memberId}/credits`, {
        method: 'POST',
        cookie,
        json: { bookingId },
      });
    const twice = await Promise.all([spend(b1.id), spend(b1.id)]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect((await twice[0]!.json()).credits).toBe(0);
    expect((await spend(b2.id)).status).toBe(409);
    const back = await t.request(`/api/memberships/members/${memberId}/credits/return`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { bookingId: b1.id },
    });
    expect((await back.json()).credits).toBe(1);
    const other = await t.signUp();
    expect((await spend(b2.id, other.cookie)).status).toBe(404);
    for (const path of ['hold', 'resume', 'cancel']) {
      const res = await t.request(`/api/memberships/members/${memberId}/${path}`, {
        method: 'POST',
        cookie: other.cookie,
        json: path === 'hold' ? { months: 1 } : undefined,
      });
      expect(res.status).toBe(404);
    }
    const theirs = await (await t.request('/api/memberships/members', { cookie: other.cookie })).json();
    expect(theirs.items).toHaveLength(0);
  });

  it('a cancelled membership is never billed again', async () => {
    const { plan } = await businessWithPlan();
    const { memberId, token } = await join(plan.id, new Date('2030-10-01T12:00:00Z'));
    const res = await t.request(`/api/public/memberships/member/${token}/cancel`, { method: 'POST' });
    expect((await res.json()).status).toBe('cancelled');
    await runMembershipBilling(t.deps, new Date('2030-12-01T12:00:00Z'));
    expect(await chargesOf(memberId)).toHaveLength(1);
  });
});
