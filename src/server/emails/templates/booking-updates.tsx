import { defineEmail, type Moment } from '../define';
import { EmailLayout, Lines, P, Url } from '../layout';
import { whenText } from './booking-details';

// The messages about a booking after it is made: a new time, the confirmation of a booking the owner entered, the
// reminders, and the customer's own changes through the self-service link (decision 612).

interface BookingMessage {
  firstName: string;
  /** The business's name, or "Your detailer". */
  businessName: string;
  serviceName: string;
  when: Moment;
  address: string;
  /** The self-service link. */
  manageLink: string;
}

const SELF_SERVICE =
  'Need to reschedule or cancel? You can do it here until 24 hours before your appointment:';

const sample: BookingMessage = {
  firstName: 'Casey',
  businessName: 'Lone Star Mobile Detailing',
  serviceName: 'Express Wash',
  when: { at: '2026-12-05T16:00:00Z', timeZone: 'America/Chicago' },
  address: '500 Congress Ave, Austin, TX 78701',
  manageLink: 'http://localhost:3000/manage/sample-token',
};

/** The owner moved the booking. */
export const bookingTimeChanged = defineEmail<BookingMessage & { contact: string | null }>({
  subject: (p) => `New time for your ${p.serviceName}: ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`Your ${p.serviceName} is now on ${whenText(p.when)}`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `${p.businessName} moved your ${p.serviceName} to ${whenText(p.when)}.`,
          `Where: ${p.address}`,
        ]}
      />
      {p.contact && (
        <P>
          Questions? Reach {p.businessName} at {p.contact}.
        </P>
      )}
      <P>
        {SELF_SERVICE} <Url href={p.manageLink} />
      </P>
    </EmailLayout>
  ),
  sample: { ...sample, contact: '512-555-0100 or hello@lonestar.example' },
});

/** A booking the owner entered (phone-in), confirmed to the customer. */
export const bookingConfirmedByOwner = defineEmail<BookingMessage & { phone: string | null }>({
  subject: (p) => `Booking confirmed: ${p.serviceName} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`Your ${p.serviceName} is booked for ${whenText(p.when)}`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `${p.businessName} booked your ${p.serviceName} for ${whenText(p.when)}.`,
          `Where: ${p.address}`,
        ]}
      />
      <Lines
        lines={[
          <>
            {SELF_SERVICE} <Url href={p.manageLink} />
          </>,
          p.phone && `After that, please call ${p.businessName} at ${p.phone}.`,
        ]}
      />
      <P>Thank you for choosing {p.businessName}!</P>
    </EmailLayout>
  ),
  sample: { ...sample, phone: '512-555-0100' },
});

/** The 24 h and 2 h reminders (decision 611). */
export const bookingReminder = defineEmail<
  BookingMessage & {
    phone: string | null;
    /** Add-ons suggested for this visit by vehicle and history (decision 1255), with their price and reason. */
    suggestions?: { name: string; price: string; reason: string }[];
  }
>({
  subject: (p) => `Reminder: your ${p.serviceName} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`See you on ${whenText(p.when)}`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `This is a reminder of your ${p.serviceName} with ${p.businessName} on ${whenText(p.when)}.`,
          `Where: ${p.address}`,
        ]}
      />
      {p.suggestions && p.suggestions.length > 0 && (
        <Lines
          lines={[
            'Worth adding to this visit:',
            ...p.suggestions.map((a) => `${a.name} (${a.price}) — ${a.reason.replace(/^Suggested: /, '')}`),
            p.phone
              ? `To add one, call ${p.businessName} at ${p.phone} or ask your technician.`
              : 'To add one, ask your technician.',
          ]}
        />
      )}
      <Lines
        lines={[
          <>
            {SELF_SERVICE} <Url href={p.manageLink} />
          </>,
          p.phone && `After that, please call ${p.businessName} at ${p.phone}.`,
        ]}
      />
      <Lines lines={['See you soon,', p.businessName]} />
    </EmailLayout>
  ),
  sample: { ...sample, phone: '512-555-0100' },
});

/** The customer moved their booking through the self-service link. */
export const selfServiceMoved = defineEmail<BookingMessage>({
  subject: (p) => `Your ${p.serviceName} is moved to ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`Your ${p.serviceName} is now on ${whenText(p.when)}`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `Your ${p.serviceName} with ${p.businessName} is now on ${whenText(p.when)}.`,
          `Where: ${p.address}`,
        ]}
      />
      <P>
        Need another change? <Url href={p.manageLink} />
      </P>
    </EmailLayout>
  ),
  sample,
});

/** The customer cancelled an unpaid booking through the self-service link (a paid one hears of it with the refund). */
export const selfServiceCancelled = defineEmail<Omit<BookingMessage, 'address' | 'manageLink'>>({
  subject: (p) => `Your ${p.serviceName} on ${whenText(p.when)} is cancelled`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview="We hope to see you again soon">
      <P>Hi {p.firstName},</P>
      <P>
        Your {p.serviceName} with {p.businessName} on {whenText(p.when)} is cancelled, as you asked.
      </P>
      <P>We hope to see you again soon.</P>
    </EmailLayout>
  ),
  sample: { ...sample, businessName: 'Lone Star Mobile Detailing' },
});

interface OwnerNotice {
  /** The customer's first name, or null. */
  customerFirstName: string | null;
  serviceName: string;
  when: Moment;
}

const OPEN_BOOKINGS = 'Open Bookings in ShineRoute to see it.';

/** The owner hears that the customer moved a booking. */
export const selfServiceMovedForOwner = defineEmail<OwnerNotice & { from: Moment }>({
  subject: (p) => `Booking moved by the customer: ${p.serviceName} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`${whenText(p.from)} → ${whenText(p.when)}`}>
      <Lines
        lines={[
          `${p.customerFirstName ?? 'Your customer'} moved their ${p.serviceName}:`,
          `${whenText(p.from)} → ${whenText(p.when)}`,
        ]}
      />
      <P>{OPEN_BOOKINGS}</P>
    </EmailLayout>
  ),
  sample: {
    customerFirstName: 'Casey',
    serviceName: 'Express Wash',
    from: { at: '2026-12-04T16:00:00Z', timeZone: 'America/Chicago' },
    when: sample.when,
  },
});

/** The owner hears that the customer cancelled a booking. */
export const selfServiceCancelledForOwner = defineEmail<OwnerNotice & { refunded: boolean }>({
  subject: (p) => `Booking cancelled by the customer: ${p.serviceName} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`${p.customerFirstName ?? 'Your customer'} cancelled`}>
      <Lines
        lines={[
          `${p.customerFirstName ?? 'Your customer'} cancelled their ${p.serviceName} on ${whenText(p.when)}.`,
          p.refunded && 'Their payment was refunded in full.',
        ]}
      />
      <P>{OPEN_BOOKINGS}</P>
    </EmailLayout>
  ),
  sample: { customerFirstName: 'Casey', serviceName: 'Express Wash', when: sample.when, refunded: true },
});

/** After a completed booking, to every customer (decision 613); the link opens our review page (decision 614). */
export const reviewRequest = defineEmail<{
  firstName: string;
  businessName: string;
  serviceName: string;
  reviewLink: string;
}>({
  subject: (p) => `How did we do, ${p.firstName}?`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview="It takes a minute">
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `Thank you for choosing ${p.businessName} for your ${p.serviceName}.`,
          <>
            Would you tell others how it went? It takes a minute: <Url href={p.reviewLink} />
          </>,
        ]}
      />
      <P>{p.businessName}</P>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Casey',
    businessName: 'Lone Star Mobile Detailing',
    serviceName: 'Full Detail',
    reviewLink: 'http://localhost:3000/review/sample-token',
  },
});
