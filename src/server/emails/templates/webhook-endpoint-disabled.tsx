import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  businessName: string | null;
  /** The endpoint's address. */
  url: string;
  /** What the last attempt got (an HTTP status and the start of the answer, or the connection error). */
  lastError: string;
  /** Business Profile, where the API tab lists the endpoint and its deliveries. */
  link: string;
}

export const webhookEndpointDisabled = defineEmail<Props>({
  subject: () => 'A webhook endpoint was disabled after failing for a day',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Your webhook endpoint stopped receiving events">
      <P>Hi{p.businessName ? `, ${p.businessName}` : ''},</P>
      <P>
        ShineRoute could not deliver events to your webhook endpoint {p.url} for about a day, so it has been
        disabled and receives no more events. The last attempt got: {p.lastError}
      </P>
      <P>
        Once the endpoint answers again, enable it on the API tab of your Business Profile; deliveries that
        failed can be sent again from its log:
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    url: 'https://hooks.example.com/shineroute',
    lastError: 'HTTP 503: Service Unavailable',
    link: 'http://localhost:3000/business-profile',
  },
});
