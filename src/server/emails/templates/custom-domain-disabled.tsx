import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  businessName: string | null;
  domain: string;
  /** How many daily checks in a row found the record gone. */
  misses: number;
  /** The CNAME target the record should point to. */
  target: string;
  /** Business Profile's Branding tab, where the domain is checked again. */
  link: string;
}

export const customDomainDisabled = defineEmail<Props>({
  subject: (p) => `Your custom domain ${p.domain} was switched off`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Its DNS record is gone, so customers are no longer sent there">
      <P>Hi{p.businessName ? `, ${p.businessName}` : ''},</P>
      <P>
        The DNS record of your custom domain {p.domain} was not found at {p.misses} daily checks in a row, so
        the domain has been switched off: your booking page and your customers’ links use ShineRoute’s address
        again.
      </P>
      <P>
        Point {p.domain} back to {p.target} with a CNAME record, then press Check DNS on the Branding tab of
        your Business Profile to switch it on again:
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    domain: 'book.lonestardetailing.com',
    misses: 3,
    target: 'domains.shineroute.com',
    link: 'http://localhost:3000/business-profile?tab=branding',
  },
});
