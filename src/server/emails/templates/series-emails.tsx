import { formatCents } from '../../../shared/money';
import { defineEmail, type Moment } from '../define';
import { EmailLayout, Lines, P, Url } from '../layout';
import { whenText } from './booking-details';

// Repeat visits (issue 32): the series is confirmed once the card is saved; the owner's weather move tells each
// customer the visit's new day.

interface SeriesConfirmed {
  firstName: string;
  businessName: string;
  serviceName: string;
  /** "Every 2 weeks" */
  frequency: string;
  first: Moment;
  address: string;
  visitCents: number;
  discountCents: number;
  manageLink: string;
}

export const seriesConfirmed = defineEmail<SeriesConfirmed>({
  subject: (p) => `Your ${p.serviceName}, ${p.frequency.toLowerCase()}, starts ${whenText(p.first)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`${p.frequency} with ${p.businessName}`}>
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          `Your ${p.serviceName} with ${p.businessName} is booked ${p.frequency.toLowerCase()}.`,
          `First visit: ${whenText(p.first)}`,
          `Where: ${p.address}`,
          `Each visit: ${formatCents(p.visitCents)}${p.discountCents > 0 ? ` (${formatCents(p.discountCents)} off)` : ''}, charged to your saved card after the visit is done.`,
        ]}
      />
      <P>
        Skip or move a visit, or cancel the series, any time: <Url href={p.manageLink} />
      </P>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Ava',
    businessName: 'Lone Star Mobile Detailing',
    serviceName: 'Express Wash',
    frequency: 'Every 2 weeks',
    first: { at: '2026-12-01T16:00:00Z', timeZone: 'America/Chicago' },
    address: '500 Congress Ave, Austin, TX 78701',
    visitCents: 4500,
    discountCents: 500,
    manageLink: 'https://shineroute.example/manage/abc',
  },
});

interface SeriesVisitMoved {
  firstName: string;
  businessName: string;
  serviceName: string;
  from: Moment;
  /** Null: no free time on the new day; the business will be in touch. */
  when: Moment | null;
  address: string;
  manageLink: string;
}

export const seriesVisitMoved = defineEmail<SeriesVisitMoved>({
  subject: (p) =>
    p.when
      ? `Weather: your ${p.serviceName} is moved to ${whenText(p.when)}`
      : `Weather: your ${p.serviceName} on ${whenText(p.from)} cannot go ahead`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview="A change for the weather">
      <P>Hi {p.firstName},</P>
      <Lines
        lines={[
          p.when
            ? `Because of the weather, ${p.businessName} moved your ${p.serviceName} from ${whenText(p.from)} to ${whenText(p.when)}.`
            : `Because of the weather, ${p.businessName} cannot come for your ${p.serviceName} on ${whenText(p.from)}, and found no free time on the day they moved their visits to.`,
          `Where: ${p.address}`,
        ]}
      />
      <P>
        {p.when ? 'Need another change?' : 'Please pick a new time that suits you:'}{' '}
        <Url href={p.manageLink} />
      </P>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Ava',
    businessName: 'Lone Star Mobile Detailing',
    serviceName: 'Express Wash',
    from: { at: '2026-12-01T16:00:00Z', timeZone: 'America/Chicago' },
    when: { at: '2026-12-02T16:00:00Z', timeZone: 'America/Chicago' },
    address: '500 Congress Ave, Austin, TX 78701',
    manageLink: 'https://shineroute.example/manage/abc',
  },
});
