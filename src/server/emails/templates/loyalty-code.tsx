import { defineEmail } from '../define';
import { EmailLayout, P } from '../layout';

interface Props {
  businessName: string;
  firstName: string;
  code: string;
  validMinutes: number;
}

export const loyaltyCode = defineEmail<Props>({
  subject: (p) => `Your ${p.businessName} rewards code: ${p.code}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`Your code is ${p.code}`}>
      <P>Hi {p.firstName},</P>
      <P>
        Your code to use your loyalty points with {p.businessName} is <strong>{p.code}</strong>.
        <br />
        It works for {p.validMinutes} minutes. If you did not ask for it, you can ignore this email.
      </P>
    </EmailLayout>
  ),
  sample: { businessName: 'Lone Star Mobile Detailing', firstName: 'Ava', code: '042917', validMinutes: 10 },
});
