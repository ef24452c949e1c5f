import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Common {
  businessName: string;
  customerName: string;
  planName: string;
  /** The month's amount, formatted. */
  amount: string;
  /** The member's page, at its card section. */
  link: string;
}

/** A renewal or a retry failed (issue 32's dunning): what happened, when we try again, the card-update link. */
export const membershipPaymentFailed = defineEmail<Common & { nextRetry: string }>({
  subject: (p) => `${p.businessName}: your ${p.planName} payment did not go through`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`We could not charge ${p.amount} for your plan`}>
      <P>Hi {p.customerName},</P>
      <P>
        We could not charge {p.amount} for this month of your {p.planName}. We will try again on {p.nextRetry}
        . To keep your plan and its included visits, update your card:
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    customerName: 'Casey',
    planName: 'Monthly Maintenance',
    amount: '$79.00',
    nextRetry: 'Fri, Mar 6, 2026, 9:00 AM',
    link: 'http://localhost:3000/membership/token#card',
  },
});

/** The last retry failed: the plan is suspended and no visits are booked with it until the card is updated. */
export const membershipSuspended = defineEmail<Common>({
  subject: (p) => `${p.businessName}: your ${p.planName} is suspended`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview="Your plan is suspended after a failed payment">
      <P>Hi {p.customerName},</P>
      <P>
        We tried to charge {p.amount} for your {p.planName} several times without success, so the plan is
        suspended and no visits are booked with it. Update your card to start it again:
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    customerName: 'Casey',
    planName: 'Monthly Maintenance',
    amount: '$79.00',
    link: 'http://localhost:3000/membership/token#card',
  },
});
