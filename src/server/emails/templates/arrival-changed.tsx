import { formatDateTimeInZone } from '../../../shared/time';
import { defineEmail, type Moment } from '../define';
import { EmailLayout, Lines, P } from '../layout';

// The owner applied a new route plan (issue 27, decision 1216): the customer's arrival time moved, within the
// window they booked unless the owner widened it.

export interface ArrivalChangedMessage {
  firstName: string;
  businessName: string;
  serviceName: string;
  /** The new expected arrival, in the business's time zone. */
  arrival: Moment;
  address: string;
  phone: string | null;
}

export const arrivalChanged = defineEmail<ArrivalChangedMessage>({
  subject: (p) =>
    `New arrival time for your ${p.serviceName}: ${formatDateTimeInZone(p.arrival.at, p.arrival.timeZone)}`,
  Email: (p) => (
    <EmailLayout
      brand={p.businessName}
      preview={`We now expect to arrive at ${formatDateTimeInZone(p.arrival.at, p.arrival.timeZone)}`}
    >
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `${p.businessName} planned the day's route again: we now expect to arrive for your ${p.serviceName} at ${formatDateTimeInZone(p.arrival.at, p.arrival.timeZone)}.`,
          `Where: ${p.address}`,
        ]}
      />
      {p.phone && (
        <P>
          Does this not suit you? Call {p.businessName} at {p.phone}.
        </P>
      )}
    </EmailLayout>
  ),
  sample: {
    firstName: 'Casey',
    businessName: 'Lone Star Mobile Detailing',
    serviceName: 'Full Detail',
    arrival: { at: '2026-12-05T16:20:00Z', timeZone: 'America/Chicago' },
    address: '500 Congress Ave, Austin, TX 78701',
    phone: '512-555-0100',
  },
});
