import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Insight, InsightsDigest } from '../../../shared/insights';
import { planIncludes } from '../../../shared/plan-features';
import { todayInZone, utcToZoned } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { loadPlan } from '../billing/plan-state';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { seoOf } from '../seo/seo-settings';
import { findInsights, mondayOf } from './insights.rules';
import { insightsDigests } from './insights.schema';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'publicUrl'> & { seo?: AppDeps['seo'] };

/** The hour (business's zone) from which Monday's digest is written and emailed. */
export const DIGEST_HOUR = 7;

const zoneOf = async (db: DbOrTx, businessId: string) => {
  const [row] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  return row?.timeZone ?? null;
};

const asDigest = (row: typeof insightsDigests.$inferSelect): InsightsDigest => ({
  weekStart: row.weekStart,
  createdAt: row.createdAt.toISOString(),
  findings: row.findings,
});

/** The rules' findings, their sentences rewritten by the configured language model when there is one. */
async function writeFindings(deps: Deps, businessId: string, timeZone: string, weekStart: string) {
  const findings = await findInsights({ db: deps.db, businessId, timeZone, weekStart });
  const rewrite = seoOf(deps).content.rewriteFindings;
  if (!rewrite || findings.length === 0) return findings;
  const texts = await rewrite.call(
    seoOf(deps).content,
    findings.map((f) => f.text),
  );
  return findings.map((f, k): Insight => ({ ...f, text: texts[k] ?? f.text }));
}

/**
 * This week's digest: the stored one, or written now (once: a concurrent writer's row wins and is read back). The week
 * is the business's: Monday to Sunday in its time zone.
 */
export async function digestOf(deps: Deps, businessId: string, now = new Date()): Promise<InsightsDigest> {
  const timeZone = (await zoneOf(deps.db, businessId)) ?? 'America/Chicago';
  const weekStart = mondayOf(todayInZone(timeZone, now));
  const stored = async () =>
    (
      await deps.db
        .select()
        .from(insightsDigests)
        .where(and(eq(insightsDigests.businessId, businessId), eq(insightsDigests.weekStart, weekStart)))
    )[0];
  const existing = await stored();
  if (existing) return asDigest(existing);
  const findings = await writeFindings(deps, businessId, timeZone, weekStart);
  await deps.db
    .insert(insightsDigests)
    .values({ businessId, weekStart, findings, createdAt: now })
    .onConflictDoNothing();
  const row = await stored();
  if (!row) throw new Error('the insights digest was not stored');
  return asDigest(row);
}

/**
 * Monday from 07:00 in each Elite business's zone: the week's digest is written and emailed to the owner, once — the
 * row is claimed (`emailedAt`) before the email goes, so two instances or a retried tick never send it twice.
 */
export async function sendWeeklyDigests(deps: Deps & AutomationDeps, now = new Date()) {
  const businesses = await deps.db
    .select({ id: profiles.id, timeZone: profiles.timeZone, name: profiles.businessName, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(sql`${profiles.subscriptionTier} in ('elite', 'franchise') and ${profiles.subscriptionActive}`);
  let sent = 0;
  for (const b of businesses) {
    const local = utcToZoned(now, b.timeZone);
    if (mondayOf(local.date) !== local.date || Number(local.time.slice(0, 2)) < DIGEST_HOUR) continue;
    const plan = await loadPlan(deps.db, b.id);
    if (!planIncludes(plan.plan, 'insights')) continue;
    const digest = await digestOf(deps, b.id, now);
    const email = await renderEmailRow('insights-digest', {
      businessName: b.name ?? 'Your business',
      weekStart: digest.weekStart,
      findings: digest.findings.map((f) => ({
        text: f.text,
        action: f.action
          ? { label: f.action.label, url: `${deps.publicUrl.replace(/\/$/, '')}${f.action.href}` }
          : null,
      })),
      link: `${deps.publicUrl.replace(/\/$/, '')}/dashboard`,
    });
    // The claim and the email's row commit together (decision 1321): a process killed after the claim no longer
    // loses the week's email; the row goes after the commit or with the next automations tick, once (its key).
    const ids = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(insightsDigests)
        .set({ emailedAt: now })
        .where(
          and(
            eq(insightsDigests.businessId, b.id),
            eq(insightsDigests.weekStart, digest.weekStart),
            isNull(insightsDigests.emailedAt),
          ),
        )
        .returning({ id: insightsDigests.id });
      if (!claimed) return null;
      return queueTransactionalEmail(tx, deps.publicUrl, {
        businessId: b.id,
        kind: 'insights_digest',
        dedupeKey: `insights-digest:${b.id}:${digest.weekStart}`,
        to: b.email,
        ...email,
      });
    });
    if (!ids) continue;
    await deliverQueued(deps, ids);
    sent++;
  }
  return { sent };
}
