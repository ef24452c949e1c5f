import { formatCents } from '../../../shared/money';
import { formatDateTimeInZone } from '../../../shared/time';
import type { Moment } from '../define';
import { Fact } from '../layout';

/** What the customer booked, as the confirmation and the owner's notice show it. */
export interface BookingDetails {
  serviceName: string;
  when: Moment;
  address: string;
  /** "Red 2021 Honda Civic (Sedan)", or the type alone. */
  vehicle: string;
  /** Several vehicles (decision 1325): one line each, "Vehicle 2: Sedan — Exterior Wash + Clay bar"; else absent. */
  vehicles?: string[];
  priceCents: number;
  tipCents: number;
  notes: string | null;
}

export const whenText = (m: Moment) => formatDateTimeInZone(m.at, m.timeZone);

/** The details as lines of one paragraph. The tip is charged with the price (decision 501): both and the total. */
export function bookingDetailLines(d: BookingDetails) {
  return [
    <Fact key="service" label="Service">
      {d.serviceName}
    </Fact>,
    <Fact key="when" label="When">
      {whenText(d.when)}
    </Fact>,
    <Fact key="where" label="Where">
      {d.address}
    </Fact>,
    ...(d.vehicles && d.vehicles.length > 1
      ? d.vehicles.map((line, i) => (
          <Fact key={`vehicle-${i + 1}`} label={`Vehicle ${i + 1}`}>
            {line.replace(/^Vehicle \d+: /, '')}
          </Fact>
        ))
      : [
          <Fact key="vehicle" label="Vehicle">
            {d.vehicle}
          </Fact>,
        ]),
    <Fact key="price" label="Price">
      {formatCents(d.priceCents)}
    </Fact>,
    d.tipCents > 0 && (
      <Fact key="tip" label="Tip">
        {formatCents(d.tipCents)}
      </Fact>
    ),
    <Fact key="total" label="Total charged">
      <strong>{formatCents(d.priceCents + d.tipCents)}</strong>
    </Fact>,
    d.notes && (
      <Fact key="notes" label="Notes">
        {d.notes}
      </Fact>
    ),
  ];
}

export const sampleBookingDetails: BookingDetails = {
  serviceName: 'Full Detail',
  when: { at: '2026-12-05T16:00:00Z', timeZone: 'America/Chicago' },
  address: '500 Congress Ave, Austin, TX 78701',
  vehicle: 'Red 2021 Honda Civic (Sedan)',
  priceCents: 14400,
  tipCents: 2880,
  notes: 'Gate code 1234 & park on the left',
};
