import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  firstName: string | null;
  businessName: string | null;
  publicUrl: string;
}

const hello = (p: Props) => `Hi ${p.firstName || 'there'},`;

export const verificationApproved = defineEmail<Props>({
  subject: () => 'Your business is verified on ShineRoute',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Customers will see the verified badge on your pages">
      <P>{hello(p)}</P>
      <P>
        Good news: we reviewed your documents and {p.businessName || 'your business'} is now verified.
        Customers will see the verified badge on your pages.
      </P>
      <P>
        <Url href={`${p.publicUrl}/dashboard`} />
      </P>
    </EmailLayout>
  ),
  sample: { firstName: 'Maya', businessName: 'Maya Shine', publicUrl: 'http://localhost:3000' },
});

export const verificationRejected = defineEmail<Props & { reason: string }>({
  subject: () => 'Your ShineRoute verification needs attention',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="We could not verify your business yet">
      <P>{hello(p)}</P>
      <P>We reviewed the documents for {p.businessName || 'your business'} and could not verify it yet.</P>
      <P>Reason: {p.reason}</P>
      <P>
        Please upload updated documents here:
        <br />
        <Url href={`${p.publicUrl}/verification`} />
      </P>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Maya',
    businessName: 'Maya Shine',
    publicUrl: 'http://localhost:3000',
    reason: 'The name does not match the account',
  },
});
