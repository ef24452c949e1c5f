import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  addMonths,
  CREDIT_PERIOD_MONTHS,
  creditsPerGrant,
  DUNNING_RETRY_DAYS,
  memberMonthlyCents,
} from '../../../shared/memberships';
import { DEFAULT_TIME_ZONE } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { type AutomationDeps, deliverQueued } from '../campaigns/automations/message-queue';
import { applicationFeeCents, getPlatformFee } from '../payouts/platform-fee';
import { queueDunningNotice } from './membership-messages';
import { maintenancePlans, planCharges, planCreditEntries, planMembers } from './memberships.schema';

export type MembershipDeps = AutomationDeps & Pick<AppDeps, 'payments' | 'platformFee'>;

const DAY_MS = 86_400_000;
type Member = typeof planMembers.$inferSelect;

/** When retry `attempt` (1–3) of a renewal that first failed at `failedAt` is due. */
export const retryDueAt = (failedAt: Date, attempt: number) =>
  new Date(failedAt.getTime() + DUNNING_RETRY_DAYS[attempt - 1]! * DAY_MS);

async function loadMember(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ member: planMembers, plan: maintenancePlans })
    .from(planMembers)
    .innerJoin(
      maintenancePlans,
      and(
        eq(maintenancePlans.businessId, planMembers.businessId),
        eq(maintenancePlans.id, planMembers.planId),
      ),
    )
    .where(eq(planMembers.id, memberId));
  return row ?? null;
}

/**
 * A month is paid: the membership is active again, its next charge a month after the period's start, and the plan's
 * credits granted when the period opens a credit period (every month, every 3rd or every 12th paid month). The grant
 * is unique per period, so a replayed payment grants nothing more.
 */
export async function applyPaidPeriod(db: DbOrTx, memberId: string, periodStart: Date) {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(planMembers).where(eq(planMembers.id, memberId)).for('update');
    if (!locked) return;
    const loaded = await loadMember(tx, memberId);
    if (!loaded) return;
    const { plan } = loaded;
    const [before] = await tx
      .select({ n: sql<number>`count(distinct ${planCharges.periodStart})::int` })
      .from(planCharges)
      .where(
        and(
          eq(planCharges.memberId, memberId),
          eq(planCharges.status, 'paid'),
          lt(planCharges.periodStart, periodStart),
        ),
      );
    const n = before?.n ?? 0;
    const grant = creditsPerGrant(plan.includedCredits, locked.vehicles);
    if (grant > 0 && n % CREDIT_PERIOD_MONTHS[plan.creditPeriod] === 0) {
      await tx
        .insert(planCreditEntries)
        .values({
          businessId: locked.businessId,
          memberId,
          kind: 'grant',
          delta: grant,
          periodStart: periodStart.toISOString().slice(0, 10),
        })
        .onConflictDoNothing();
    }
    const next = addMonths(periodStart, 1);
    if (locked.status === 'cancelled') return;
    await tx
      .update(planMembers)
      .set({
        status: locked.status === 'on_hold' ? 'on_hold' : 'active',
        startedAt: locked.startedAt ?? periodStart,
        nextChargeAt: locked.nextChargeAt && locked.nextChargeAt > next ? locked.nextChargeAt : next,
        failedPeriodStart: null,
        failedAt: null,
      })
      .where(eq(planMembers.id, memberId));
  });
}

/**
 * A renewal attempt failed: the membership is past due (the first failure starts the retry clock), and the member is
 * told once; the last retry's failure suspends it. The attempt's failed mark (`charge`, when ours) commits with them
 * (decision 1356): a process killed in between cannot leave a failed attempt that no run notices or tells.
 */
async function applyFailedAttempt(
  deps: MembershipDeps,
  memberId: string,
  periodStart: Date,
  attempt: number,
  now: Date,
  charge?: { id: string; providerReference: string | null },
) {
  const markFailed = async (tx: DbOrTx) => {
    if (charge)
      await tx
        .update(planCharges)
        .set({ status: 'failed', providerReference: charge.providerReference })
        .where(eq(planCharges.id, charge.id));
  };
  const loaded = await loadMember(deps.db, memberId);
  if (!loaded || loaded.member.status === 'cancelled') return markFailed(deps.db);
  const { member, plan } = loaded;
  const failedAt = attempt === 0 ? now : (member.failedAt ?? now);
  const suspended = attempt >= DUNNING_RETRY_DAYS.length;
  // The member's notice commits with the failed mark (decision 1331).
  const messageIds = await deps.db.transaction(async (tx) => {
    await markFailed(tx);
    await tx
      .update(planMembers)
      .set({ status: suspended ? 'suspended' : 'past_due', failedPeriodStart: periodStart, failedAt })
      .where(eq(planMembers.id, memberId));
    const [business] = await tx
      .select({ name: profiles.businessName, timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, member.businessId));
    return queueDunningNotice(deps, tx, {
      businessId: member.businessId,
      businessName: business?.name ?? 'Your detailer',
      timeZone: business?.timeZone ?? DEFAULT_TIME_ZONE,
      member,
      planName: plan.name,
      amountCents: memberMonthlyCents(plan.monthlyPriceCents, member.vehicles),
      periodStart,
      attempt,
      nextRetryAt: suspended ? null : retryDueAt(failedAt, attempt + 1),
    });
  });
  await deliverQueued(deps, messageIds);
}

/** The provider's answer for one attempt: the local test card, or a retry of the Stripe invoice. */
async function chargeProvider(deps: MembershipDeps, member: Member, periodStart: Date, attempt: number) {
  if (member.provider === 'test') return { paid: member.testCardState === 'ok', reference: null };
  // With Stripe the renewal itself is Stripe's (its invoice webhooks record it); our retries pay that invoice again.
  const [first] = await deps.db
    .select({ ref: planCharges.providerReference })
    .from(planCharges)
    .where(
      and(
        eq(planCharges.memberId, member.id),
        eq(planCharges.periodStart, periodStart),
        eq(planCharges.attempt, 0),
      ),
    );
  if (!first?.ref || !deps.payments.memberships) return { paid: false, reference: null };
  const r = await deps.payments.memberships.payInvoice(
    first.ref,
    `membership-retry-${member.id}-${attempt}-${first.ref}`,
  );
  return { paid: r.paid, reference: first.ref };
}

/**
 * An attempt claimed and not answered for this long is of a process that died between the claim and the provider's
 * answer: the next run takes it over and asks again with the same idempotency key (decision 1366).
 */
export const ATTEMPT_LEASE_MS = 5 * 60_000;

/**
 * One attempt to bill one month: the attempt's row is written first (unique per member, month and attempt), so a
 * replayed job or a concurrent run finds it and charges nothing; only the writer asks the provider. A row left
 * pending past the lease (its process died before the answer was recorded) is taken over and asked again with the
 * same key, so the provider charges once and the answer is recorded once.
 */
export async function attemptCharge(
  deps: MembershipDeps,
  memberId: string,
  periodStart: Date,
  attempt: number,
  now = new Date(),
): Promise<'paid' | 'failed' | 'skipped'> {
  const loaded = await loadMember(deps.db, memberId);
  if (!loaded) return 'skipped';
  const { member, plan } = loaded;
  const amountCents = memberMonthlyCents(plan.monthlyPriceCents, member.vehicles);
  const fee = applicationFeeCents(amountCents, await getPlatformFee(deps.db, deps.platformFee));
  const claimed = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(planCharges)
      .values({
        businessId: member.businessId,
        memberId,
        periodStart,
        attempt,
        amountCents,
        applicationFeeCents: fee,
        // The run's clock, not the database's: the lease is measured against the same clock.
        claimedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: planCharges.id });
    if (inserted) return inserted;
    const [taken] = await tx
      .update(planCharges)
      .set({ claimedAt: now })
      .where(
        and(
          eq(planCharges.memberId, memberId),
          eq(planCharges.periodStart, periodStart),
          eq(planCharges.attempt, attempt),
          eq(planCharges.status, 'pending'),
          lt(planCharges.claimedAt, new Date(now.getTime() - ATTEMPT_LEASE_MS)),
        ),
      )
      .returning({ id: planCharges.id });
    return taken ?? null;
  });
  if (!claimed) return 'skipped';
  const result = await chargeProvider(deps, member, periodStart, attempt);
  if (result.paid) {
    // The paid mark and the paid period commit together, on the still-pending attempt only: a run that took it over
    // and answered first keeps its answer, and a crash in between leaves the attempt pending for the next run.
    await deps.db.transaction(async (tx) => {
      const [answered] = await tx
        .update(planCharges)
        .set({ status: 'paid', providerReference: result.reference })
        .where(and(eq(planCharges.id, claimed.id), eq(planCharges.status, 'pending')))
        .returning({ id: planCharges.id });
      if (answered) await applyPaidPeriod(tx, memberId, periodStart);
    });
    return 'paid';
  }
  await applyFailedAttempt(deps, memberId, periodStart, attempt, now, {
    id: claimed.id,
    providerReference: result.reference,
  });
  return 'failed';
}

/**
 * Attempts claimed and left unanswered past the lease (a process killed between the claim and the answer), taken over
 * and asked again with the same key. The due and past-due scans cannot find them: the due month's attempt row exists.
 */
async function resumeUnanswered(deps: MembershipDeps, now: Date) {
  const stale = await deps.db
    .select({
      memberId: planCharges.memberId,
      periodStart: planCharges.periodStart,
      attempt: planCharges.attempt,
    })
    .from(planCharges)
    .where(
      and(
        eq(planCharges.status, 'pending'),
        lt(planCharges.claimedAt, new Date(now.getTime() - ATTEMPT_LEASE_MS)),
      ),
    )
    .limit(1000);
  let resumed = 0;
  for (const a of stale)
    if ((await attemptCharge(deps, a.memberId, a.periodStart, a.attempt, now)) !== 'skipped') resumed++;
  return resumed;
}

/** The next retry of a past-due membership, its number and when it is due; null when every retry has run. */
export async function nextRetry(db: DbOrTx, member: Member) {
  if (!member.failedPeriodStart || !member.failedAt) return null;
  const rows = await db
    .select({ attempt: planCharges.attempt })
    .from(planCharges)
    .where(and(eq(planCharges.memberId, member.id), eq(planCharges.periodStart, member.failedPeriodStart)));
  const done = new Set(rows.map((r) => r.attempt));
  for (let attempt = 1; attempt <= DUNNING_RETRY_DAYS.length; attempt++) {
    if (!done.has(attempt)) return { attempt, dueAt: retryDueAt(member.failedAt, attempt) };
  }
  return null;
}

/**
 * The renewal run (the job queue calls it every hour; tests pass their own clock): holds that ended resume, test-mode
 * memberships due are charged, and past-due memberships get the retry whose day has come.
 */
export async function runMembershipBilling(deps: MembershipDeps, now = new Date()) {
  const counts = { resumed: 0, charged: 0, failed: 0, retried: 0, answered: 0 };
  counts.answered = await resumeUnanswered(deps, now);
  const resumed = await deps.db
    .update(planMembers)
    .set({ status: 'active', holdUntil: null })
    .where(and(eq(planMembers.status, 'on_hold'), lte(planMembers.holdUntil, now)))
    .returning({ id: planMembers.id });
  counts.resumed = resumed.length;

  // With Stripe, Stripe bills each month itself (decision 1225); the queue bills test-mode memberships.
  const due = await deps.db
    .select({ id: planMembers.id, nextChargeAt: planMembers.nextChargeAt })
    .from(planMembers)
    .where(
      and(
        eq(planMembers.status, 'active'),
        eq(planMembers.provider, 'test'),
        lte(planMembers.nextChargeAt, now),
      ),
    )
    .limit(1000);
  for (const m of due) {
    // A membership several months behind (a stopped server) is billed one month per run, oldest first.
    const outcome = await attemptCharge(deps, m.id, m.nextChargeAt!, 0, now);
    if (outcome === 'paid') counts.charged++;
    if (outcome === 'failed') counts.failed++;
  }

  const pastDue = await deps.db
    .select()
    .from(planMembers)
    .where(inArray(planMembers.status, ['past_due']))
    .limit(1000);
  for (const member of pastDue) {
    const retry = await nextRetry(deps.db, member);
    if (!retry || retry.dueAt > now) continue;
    await attemptCharge(deps, member.id, member.failedPeriodStart!, retry.attempt, now);
    counts.retried++;
  }
  return counts;
}

/** Stripe's own renewal failed (its invoice.payment_failed): the first failure of the month, told once. */
export const attemptFailedNotice = (deps: MembershipDeps, memberId: string, periodStart: Date, now: Date) =>
  applyFailedAttempt(deps, memberId, periodStart, 0, now);
