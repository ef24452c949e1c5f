import { defineEmail } from '../define';
import { EmailLayout, Lines, P, Url } from '../layout';
import { type BookingDetails, bookingDetailLines, sampleBookingDetails, whenText } from './booking-details';

export const RESCHEDULE_NOTICE =
  'Need to reschedule? Please let us know at least 24 hours before your appointment.';

interface Props extends BookingDetails {
  firstName: string;
  businessName: string;
  /** "512-555-0100 or hello@example.com", or null when the business gave neither. */
  contact: string | null;
  /** The self-service link (decision 612); null for a platform lead. */
  manageLink: string | null;
  reference: string;
}

/** The customer's confirmation of an online booking. */
export const bookingConfirmation = defineEmail<Props>({
  subject: (p) => `Booking confirmed: ${p.serviceName} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`Your ${p.serviceName} is booked for ${whenText(p.when)}`}>
      <P>Hi {p.firstName},</P>
      <P>Your car detailing with {p.businessName} is booked. Here are the details:</P>
      <Lines lines={bookingDetailLines(p)} />
      <Lines
        lines={[
          `${RESCHEDULE_NOTICE}${p.contact ? ` Reach ${p.businessName} at ${p.contact}.` : ''}`,
          p.manageLink && (
            <>
              Reschedule or cancel online: <Url href={p.manageLink} />
            </>
          ),
        ]}
      />
      <P>Booking reference: {p.reference}</P>
      <P>Thank you for choosing {p.businessName}!</P>
    </EmailLayout>
  ),
  sample: {
    ...sampleBookingDetails,
    firstName: 'Casey',
    businessName: 'Lone Star Mobile Detailing',
    contact: '512-555-0100 or hello@lonestar.example',
    manageLink: 'http://localhost:3000/manage/sample-token',
    reference: '3F9A1C2B',
  },
});
