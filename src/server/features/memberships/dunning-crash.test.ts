import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planCharges, planMembers } from '../../db/schema';
import { signedTokenId } from '../../http/tokens';
import { crashes, deliveredTo, messageRows, sweep } from '../../test/crash';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { payTestMembership } from './members.service';
import { runMembershipBilling } from './membership-billing.service';
import { planBody } from './memberships.fixtures';

// A failed renewal's notice survives a process killed right after the write that implies it (decisions 1331, 1356):
// the attempt's failed mark, the member's past-due mark and the email and SMS commit together; the automations tick
// delivers each once, and the renewal run again writes nothing more.

const t = await createTestContext();
const { dieAfterCommit } = crashes(t.db);

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

    await dieAfterCommit(run);
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
