import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planCharges, planCreditEntries, planMembers } from '../../db/schema';
import { signedTokenId } from '../../http/tokens';
import { crashes, deliveredTo, messageRows, sweep } from '../../test/crash';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { payTestMembership } from './members.service';
import { ATTEMPT_LEASE_MS, attemptCharge, runMembershipBilling } from './membership-billing.service';
import { planBody } from './memberships.fixtures';

// A failed renewal's notice survives a process killed right after the write that implies it (decisions 1331, 1356):
// the attempt's failed mark, the member's past-due mark and the email and SMS commit together; the automations tick
// delivers each once, and the renewal run again writes nothing more.

const t = await createTestContext();
const { dieAfterCommit, failAtTheEnd } = crashes(t.db);

async function declinedMember() {
  const owner = await t.signUp();
  await bookableBusiness(t.db, owner.userId);
  const plan = await t.request('/api/memberships/plans', {
    method: 'POST',
    cookie: owner.cookie,
    json: planBody(),
  });
  expect(plan.status, await plan.clone().text()).toBe(201);
  const email = `casey-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const res = await t.request('/api/public/memberships/join', {
    method: 'POST',
    json: {
      planId: (await plan.json()).id,
      name: 'Casey Member',
      email,
      phone: '(512) 555-0142',
      vehicles: 1,
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const token = (await res.json()).url.split('/membership/')[1] as string;
  await payTestMembership(t.deps, token, new Date('2030-05-10T14:00:00Z'));
  const memberId = signedTokenId(t.deps.linkSecret, 'membership', token)!;
  await t.db.update(planMembers).set({ testCardState: 'declining' }).where(eq(planMembers.id, memberId));
  return { businessId: owner.userId, memberId, email };
}

const memberOf = async (id: string) =>
  (await t.db.select().from(planMembers).where(eq(planMembers.id, id)))[0]!;
const chargesOf = (id: string) => t.db.select().from(planCharges).where(eq(planCharges.memberId, id));

describe('a failed renewal', () => {
  it("commits its failed mark with the member's notice: after a crash right after it, told once by email and text", async () => {
    const { businessId, memberId, email } = await declinedMember();
    const notices = () => messageRows(t.db, businessId, 'membership', `membership:${memberId}:`);
    const run = () => runMembershipBilling(t.deps, new Date('2030-06-10T15:00:00Z'));
    await sweep(t.deps);
    const before = (await deliveredTo(t.db, email)).length;

    // The attempt's claim commits (1), then its failed mark with the notice (2); the process dies there.
    await dieAfterCommit(run, 2);
    expect((await notices()).map((r) => [r.channel, r.status]).sort()).toEqual([
      ['email', 'pending'],
      ['sms', 'pending'],
    ]);
    // The first month (paid when joining), then this month's attempt, failed.
    expect((await chargesOf(memberId)).map((c) => c.status).sort()).toEqual(['failed', 'paid']);
    expect((await memberOf(memberId)).status).toBe('past_due');

    await sweep(t.deps);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);
    expect((await notices()).map((r) => r.status)).toEqual(['sent', 'sent']);
    // The renewal run again (the next hour, any instance): nothing more for that member.
    await run();
    await sweep(t.deps);
    expect(await notices()).toHaveLength(2);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);
  });
});

describe('a renewal attempt left unanswered', () => {
  const due = new Date('2030-06-10T15:00:00Z');
  const pastLease = new Date(due.getTime() + ATTEMPT_LEASE_MS + 60_000);
  const grantsOf = (id: string) =>
    t.db.select().from(planCreditEntries).where(eq(planCreditEntries.memberId, id));
  async function payingMember() {
    const member = await declinedMember();
    await t.db.update(planMembers).set({ testCardState: 'ok' }).where(eq(planMembers.id, member.memberId));
    return member;
  }

  it('killed right after the claim: held within the lease, then the next run charges it once', async () => {
    const { memberId } = await payingMember();
    const grants = (await grantsOf(memberId)).length;
    await dieAfterCommit(() => runMembershipBilling(t.deps, due), 1);
    const june = () =>
      chargesOf(memberId).then((rows) =>
        rows.filter((r) => r.periodStart >= new Date('2030-06-01T00:00:00Z')),
      );
    expect((await june()).map((c) => c.status)).toEqual(['pending']);
    // The run again within the lease: the attempt is another run's, nothing is asked.
    await runMembershipBilling(t.deps, due);
    expect((await june()).map((c) => c.status)).toEqual(['pending']);

    // Past the lease the run takes it over and records the answer; a further run finds nothing to do.
    expect((await runMembershipBilling(t.deps, pastLease)).answered).toBeGreaterThanOrEqual(1);
    await runMembershipBilling(t.deps, pastLease);
    expect((await june()).map((c) => [c.attempt, c.status])).toEqual([[0, 'paid']]);
    expect((await memberOf(memberId)).status).toBe('active');
    expect((await grantsOf(memberId)).length).toBeLessThanOrEqual(grants + 1);
  });

  it("the paid answer's record rolled back: asked again past the lease, recorded once", async () => {
    const { memberId } = await payingMember();
    // This member's attempt alone, so the transactions counted are its own: the claim (1) commits, the paid mark with
    // the paid period (2) is rolled back.
    const period = (await memberOf(memberId)).nextChargeAt!;
    await failAtTheEnd(() => attemptCharge(t.deps, memberId, period, 0, due), 2);
    const june = () =>
      chargesOf(memberId).then((rows) =>
        rows.filter((r) => r.periodStart >= new Date('2030-06-01T00:00:00Z')),
      );
    expect((await june()).map((c) => c.status)).toEqual(['pending']);
    expect(await attemptCharge(t.deps, memberId, period, 0, due)).toBe('skipped');
    expect(await attemptCharge(t.deps, memberId, period, 0, pastLease)).toBe('paid');
    expect(await attemptCharge(t.deps, memberId, period, 0, pastLease)).toBe('skipped');
    expect((await june()).map((c) => [c.attempt, c.status])).toEqual([[0, 'paid']]);
    expect((await memberOf(memberId)).nextChargeAt!.getTime()).toBeGreaterThan(period.getTime());
  });

  it("a declined answer's record rolled back: asked again past the lease, the member told once", async () => {
    const { businessId, memberId, email } = await declinedMember();
    await sweep(t.deps);
    const before = (await deliveredTo(t.db, email)).length;
    // The claim (1) commits; the failed mark with the member's notice (2) is rolled back.
    const period = (await memberOf(memberId)).nextChargeAt!;
    await failAtTheEnd(() => attemptCharge(t.deps, memberId, period, 0, due), 2);
    const june = () =>
      chargesOf(memberId).then((rows) =>
        rows.filter((r) => r.periodStart >= new Date('2030-06-01T00:00:00Z')),
      );
    expect((await june()).map((c) => c.status)).toEqual(['pending']);
    expect((await memberOf(memberId)).status).toBe('active');

    expect(await attemptCharge(t.deps, memberId, period, 0, due)).toBe('skipped');
    await runMembershipBilling(t.deps, pastLease);
    await runMembershipBilling(t.deps, pastLease);
    expect((await june()).map((c) => [c.attempt, c.status])).toEqual([[0, 'failed']]);
    expect((await memberOf(memberId)).status).toBe('past_due');
    await sweep(t.deps);
    const notices = await messageRows(t.db, businessId, 'membership', `membership:${memberId}:`);
    expect(notices.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);
  });
});
