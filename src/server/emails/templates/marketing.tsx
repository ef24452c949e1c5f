import { Hr, Img, Link } from '@react-email/components';
import type { ReactNode } from 'react';
import { defineEmail } from '../define';
import { EmailLayout, FOOTER_STYLE, LegalLinks, Lines } from '../layout';

// Marketing email (campaigns, win-back) as the law and the mailbox providers want it (decision 0603): a visible
// unsubscribe link and the business's postal address (CAN-SPAM), opens by a pixel, clicks by redirect links.

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** The links of a message body, in order; a click redirect may only lead to one of them (no open redirect). */
export function linksIn(body: string): string[] {
  return body.match(URL_PATTERN) ?? [];
}

interface Props {
  subject: string;
  /** The owner's message with its variables filled. */
  body: string;
  businessName: string;
  postalAddress: string;
  unsubscribeUrl: string;
  openPixelUrl: string;
  /** The click redirect of each link of the body, in the order linksIn lists them. */
  clickUrls: string[];
}

/** A line of the message with each link led through its click redirect. */
function withTrackedLinks(line: string, clickUrls: string[], counter: { n: number }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    parts.push(line.slice(last, match.index));
    parts.push(
      <Link key={match.index} href={clickUrls[counter.n++] ?? match[0]}>
        {match[0]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return parts;
}

export const marketingEmail = defineEmail<Props>({
  subject: (p) => p.subject,
  // The text part shows the links as written (no redirects) and the unsubscribe address in full.
  text: (p) =>
    [p.body, '', '--', p.businessName, p.postalAddress, `Unsubscribe: ${p.unsubscribeUrl}`].join('\n'),
  Email: (p) => {
    const counter = { n: 0 };
    return (
      <EmailLayout
        brand={p.businessName}
        preview={p.body.split('\n')[0] ?? ''}
        footer={
          <>
            <Hr />
            <Lines
              style={FOOTER_STYLE}
              lines={[
                p.businessName,
                p.postalAddress,
                <>
                  You receive this because you are a customer of {p.businessName}.{' '}
                  <Link href={p.unsubscribeUrl}>Unsubscribe</Link>
                </>,
              ]}
            />
            <LegalLinks />
            <Img src={p.openPixelUrl} width="1" height="1" alt="" />
          </>
        }
      >
        {p.body.split(/\n\s*\n/).map((paragraph, i) => (
          <Lines
            key={i}
            lines={paragraph.split('\n').map((line) => withTrackedLinks(line, p.clickUrls, counter))}
          />
        ))}
      </EmailLayout>
    );
  },
  sample: {
    subject: 'Holiday shine: 20% off',
    body: 'Hi Ava,\n\nTwenty percent off any detail booked by Dec 20.\nBook here: http://localhost:3000/book?business=sample\n\nLone Star Mobile Detailing',
    businessName: 'Lone Star Mobile Detailing',
    postalAddress: '100 Congress Ave, Austin, TX 78701',
    unsubscribeUrl: 'http://localhost:3000/api/messaging/unsubscribe/5b1f0f7e-3c1a-4d8e-9a57-2f4f0c6a9b10',
    openPixelUrl: 'http://localhost:3000/api/messaging/open/5b1f0f7e-3c1a-4d8e-9a57-2f4f0c6a9b10',
    clickUrls: ['http://localhost:3000/api/messaging/click/5b1f0f7e-3c1a-4d8e-9a57-2f4f0c6a9b10/0'],
  },
});
