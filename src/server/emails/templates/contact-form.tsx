import { defineEmail } from '../define';
import { EmailLayout, Fact, Lines, P } from '../layout';

interface Props {
  firstName: string;
  lastName: string;
  email: string;
  /** One header line (line breaks already collapsed). */
  subject: string;
  message: string;
  reference: string;
}

export const contactForm = defineEmail<Props>({
  subject: (p) => `Contact form: ${p.subject}`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`${p.firstName} ${p.lastName}: ${p.subject}`}>
      <P>New message from the ShineRoute contact form.</P>
      <Lines
        lines={[
          <Fact key="n" label="Name">
            {p.firstName} {p.lastName}
          </Fact>,
          <Fact key="e" label="Email">
            {p.email}
          </Fact>,
          <Fact key="s" label="Subject">
            {p.subject}
          </Fact>,
        ]}
      />
      <Lines lines={p.message.split('\n')} />
      <P>Reference: {p.reference}</P>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Jamie',
    lastName: 'Rivera',
    email: 'jamie@example.com',
    subject: 'Question about <pricing>',
    message: 'Hello,\nDo you serve Round Rock? "Soon" is fine & so is later.',
    reference: '7d0f8a52-1c1e-4d55-9a53-0c1f4bc4b0a1',
  },
});
