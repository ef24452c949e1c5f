import { formatCents } from '../../../shared/money';
import { formatDateTimeInZone } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { renderEmailRow } from '../../emails';
import { membershipPaymentFailedSms, membershipSuspendedSms } from '../../emails/sms';
import { signedToken } from '../../http/tokens';
import { customerFacingName } from '../branding/branding.service';
import {
  type AutomationDeps,
  queueTransactionalEmail,
  queueTransactionalSms,
} from '../campaigns/automations/message-queue';

/** The member's own page (plan, credits, hold, cancel, card update): a signed link (decision 1164). */
export const MEMBER_LINK_PURPOSE = 'membership';
export const memberLink = (deps: Pick<AutomationDeps, 'publicUrl' | 'linkSecret'>, memberId: string) =>
  `${deps.publicUrl}/membership/${signedToken(deps.linkSecret, MEMBER_LINK_PURPOSE, memberId)}`;

export interface DunningNotice {
  businessId: string;
  businessName: string;
  timeZone: string;
  member: { id: string; name: string; email: string; phone: string | null; customerId: string | null };
  planName: string;
  amountCents: number;
  periodStart: Date;
  /** 0: the renewal failed; 1–3: that retry failed. */
  attempt: number;
  /** When the next retry runs; null when this was the last and the membership is suspended. */
  nextRetryAt: Date | null;
}

/**
 * One email and one text per failed attempt, each written once whatever replays the job: the dedupe key names the
 * member, the month and the attempt. Written in the transaction that marks the attempt failed (decision 1331); returns
 * the rows to deliver after its commit.
 */
export async function queueDunningNotice(
  deps: Pick<AutomationDeps, 'publicUrl' | 'linkSecret'>,
  tx: DbOrTx,
  n: DunningNotice,
) {
  const link = `${memberLink(deps, n.member.id)}#card`;
  const key = `membership:${n.member.id}:${n.periodStart.toISOString()}:${n.attempt}`;
  const suspended = n.nextRetryAt === null;
  const common = {
    businessName: n.businessName,
    customerName: n.member.name,
    planName: n.planName,
    amount: formatCents(n.amountCents),
    link,
  };
  const brand = { db: tx, businessId: n.businessId, publicUrl: deps.publicUrl };
  const email = suspended
    ? await renderEmailRow('membership-suspended', common, brand)
    : await renderEmailRow(
        'membership-payment-failed',
        {
          ...common,
          nextRetry: formatDateTimeInZone(n.nextRetryAt!, n.timeZone),
        },
        brand,
      );
  const emailIds = await queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: n.businessId,
    customerId: n.member.customerId,
    kind: 'membership',
    dedupeKey: `${key}:email`,
    to: n.member.email,
    ...email,
  });
  const smsName = await customerFacingName(tx, n.businessId, n.businessName);
  const smsIds = await queueTransactionalSms(tx, deps.publicUrl, {
    businessId: n.businessId,
    customerId: n.member.customerId,
    kind: 'membership',
    dedupeKey: `${key}:sms`,
    phone: n.member.phone,
    body: suspended
      ? membershipSuspendedSms({ businessName: smsName, planName: n.planName, link })
      : membershipPaymentFailedSms({
          businessName: smsName,
          planName: n.planName,
          amountCents: n.amountCents,
          link,
        }),
  });
  return [...emailIds, ...smsIds];
}
