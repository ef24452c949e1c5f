import { formatCents } from '../../../shared/money';
import { formatDate } from '../../../shared/time';
import { defineEmail, type Moment } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  customerName: string;
  businessName: string;
  totalCents: number;
  depositCents: number;
  expires: Moment;
  link: string;
}

export const quoteSent = defineEmail<Props>({
  subject: (p) => `Your quote from ${p.businessName}: ${formatCents(p.totalCents)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`A quote for ${formatCents(p.totalCents)}`}>
      <P>Hello {p.customerName},</P>
      <P>
        {p.businessName} has sent you a quote for {formatCents(p.totalCents)}, valid until{' '}
        {formatDate(p.expires.at, p.expires.timeZone)}.
        {p.depositCents > 0 && (
          <>
            <br />A deposit of {formatCents(p.depositCents)} is due when you accept.
          </>
        )}
      </P>
      <P>
        View, accept or decline it here:
        <br />
        <Url href={p.link} />
      </P>
      <P>{p.businessName}</P>
    </EmailLayout>
  ),
  sample: {
    customerName: 'Ava Stone',
    businessName: 'Lone Star Mobile Detailing',
    totalCents: 22785,
    depositCents: 5000,
    expires: { at: '2026-12-25T18:00:00Z', timeZone: 'America/Chicago' },
    link: 'http://localhost:3000/quote/sample-token',
  },
});
