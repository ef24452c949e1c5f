import { formatCents } from '../../../shared/money';
import { defineEmail, type Moment } from '../define';
import { EmailLayout, Lines, P } from '../layout';
import { whenText } from './booking-details';

interface SlotLostProps {
  firstName: string;
  serviceName: string;
  when: Moment;
  amountCents: number;
}

/** The slot was taken while the customer paid: the money went back. */
export const bookingSlotLost = defineEmail<SlotLostProps>({
  subject: (p) => `We could not book ${p.serviceName} — your payment was refunded`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`We refunded ${formatCents(p.amountCents)} in full`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `Someone booked ${whenText(p.when)} moments before your payment went through, so that time is no longer available.`,
          `We refunded ${formatCents(p.amountCents)} in full. Please choose another time on the booking page.`,
        ]}
      />
    </EmailLayout>
  ),
  sample: {
    firstName: 'Casey',
    serviceName: 'Full Detail',
    when: { at: '2026-12-05T16:00:00Z', timeZone: 'America/Chicago' },
    amountCents: 17280,
  },
});

interface CancelledProps {
  firstName: string;
  serviceName: string;
  when: Moment;
  /** Price and tip: all of it goes back. */
  refundedCents: number;
  by: 'business' | 'customer';
}

/** A paid booking was cancelled (by the business or through the customer's link) and refunded in full. */
export const bookingCancelledRefunded = defineEmail<CancelledProps>({
  subject: (p) => `Your booking for ${p.serviceName} was cancelled`,
  Email: (p) => (
    <EmailLayout
      brand="ShineRoute"
      preview={`Your payment of ${formatCents(p.refundedCents)} has been refunded`}
    >
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `Your booking for ${p.serviceName} on ${whenText(p.when)} was cancelled${p.by === 'business' ? ' by the business' : ' as you asked'}.`,
          `Your payment of ${formatCents(p.refundedCents)} has been refunded in full.`,
        ]}
      />
    </EmailLayout>
  ),
  sample: {
    firstName: 'Casey',
    serviceName: 'Full Detail',
    when: { at: '2026-12-05T16:00:00Z', timeZone: 'America/Chicago' },
    refundedCents: 17280,
    by: 'business',
  },
});
