import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { CUSTOM_DOMAIN_TEXT, DOMAIN_MISSES_TO_SWITCH_OFF } from '../../../shared/custom-domains';
import { businessBrandings, profiles, user } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { deliverQueued, queueTransactionalEmail } from '../campaigns/automations/message-queue';
import { cnameTargetOf, type DomainDeps, forgetHosts, probe } from './custom-domain.service';

const RECHECK_EVERY_MS = 24 * 60 * 60_000;

/**
 * The daily re-check of verified domains (decision 1342): each domain last checked a day ago or more is looked up
 * again. Found: the count of misses starts again. Gone: one more miss, and at DOMAIN_MISSES_TO_SWITCH_OFF in a row the
 * domain is switched off (failed, with the reason) and its owner emailed, in the same transaction. A lookup that
 * fails is no miss (a resolver's outage is not the owner's record gone).
 */
export async function recheckVerifiedDomains(
  deps: DomainDeps & Pick<AppDeps, 'mailer' | 'sms' | 'messageRetryDelaysMs'>,
  now = new Date(),
) {
  const due = await deps.db
    .select({ businessId: businessBrandings.businessId, domain: businessBrandings.customDomain })
    .from(businessBrandings)
    .where(
      and(
        eq(businessBrandings.domainStatus, 'verified'),
        or(
          isNull(businessBrandings.domainCheckedAt),
          lte(businessBrandings.domainCheckedAt, new Date(now.getTime() - RECHECK_EVERY_MS + 60_000)),
        ),
      ),
    );
  const switchedOff: string[] = [];
  const messages: string[] = [];
  for (const { businessId, domain } of due) {
    if (!domain) continue;
    const found = await probe(deps, businessId, domain);
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(businessBrandings)
        .set({
          domainCheckedAt: now,
          domainLastResult: found,
          domainMisses:
            found === 'found'
              ? 0
              : found === 'missing'
                ? sql`${businessBrandings.domainMisses} + 1`
                : undefined,
        })
        .where(
          and(
            eq(businessBrandings.businessId, businessId),
            eq(businessBrandings.customDomain, domain),
            eq(businessBrandings.domainStatus, 'verified'),
          ),
        )
        .returning({ misses: businessBrandings.domainMisses });
      if (!row || row.misses < DOMAIN_MISSES_TO_SWITCH_OFF) return;
      const target = cnameTargetOf(deps);
      await tx
        .update(businessBrandings)
        .set({
          domainStatus: 'failed',
          domainFailure: CUSTOM_DOMAIN_TEXT.switchedOff(target),
          updatedAt: now,
        })
        .where(eq(businessBrandings.businessId, businessId));
      switchedOff.push(domain);
      const [owner] = await tx
        .select({ email: user.email, businessName: profiles.businessName })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(eq(profiles.id, businessId));
      if (!owner) return;
      messages.push(
        ...(await queueTransactionalEmail(tx, deps.publicUrl, {
          businessId,
          kind: 'domain_disabled',
          dedupeKey: `domain-disabled:${businessId}:${domain}:${now.toISOString()}`,
          to: owner.email,
          ...(await renderEmailRow('custom-domain-disabled', {
            businessName: owner.businessName,
            domain,
            misses: row.misses,
            target,
            link: `${deps.publicUrl.replace(/\/+$/, '')}/business-profile?tab=branding`,
          })),
        })),
      );
    });
  }
  if (switchedOff.length > 0) forgetHosts();
  await deliverQueued(deps, messages);
  return { checked: due.length, switchedOff };
}
