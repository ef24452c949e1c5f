import { formatTimeInZone } from '../../../shared/time';
import { defineEmail, type Moment } from '../define';
import { EmailLayout, Lines, P } from '../layout';

// The technician pressed "On my way" in the field app (issue 26): the customer hears when to expect them.

export interface OnMyWayMessage {
  firstName: string;
  businessName: string;
  serviceName: string;
  technicianName: string;
  etaMinutes: number;
  /** The expected arrival, shown in the business's time zone. */
  arrival: Moment;
  address: string;
  phone: string | null;
}

export const etaText = (p: { etaMinutes: number; arrival: Moment }) =>
  `in about ${p.etaMinutes} minute${p.etaMinutes === 1 ? '' : 's'} (around ${formatTimeInZone(p.arrival.at, p.arrival.timeZone)})`;

export const onMyWay = defineEmail<OnMyWayMessage>({
  subject: (p) => `${p.technicianName} is on the way: arriving ${etaText(p)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`Your ${p.serviceName} starts soon`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `${p.technicianName} from ${p.businessName} is on the way for your ${p.serviceName} and will arrive ${etaText(p)}.`,
          `Where: ${p.address}`,
        ]}
      />
      {p.phone && (
        <P>
          Need to reach us? Call {p.businessName} at {p.phone}.
        </P>
      )}
    </EmailLayout>
  ),
  sample: {
    firstName: 'Casey',
    businessName: 'Lone Star Mobile Detailing',
    serviceName: 'Full Detail',
    technicianName: 'Theo',
    etaMinutes: 15,
    arrival: { at: '2026-12-05T16:00:00Z', timeZone: 'America/Chicago' },
    address: '500 Congress Ave, Austin, TX 78701',
    phone: '512-555-0100',
  },
});
