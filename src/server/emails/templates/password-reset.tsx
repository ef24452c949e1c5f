import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  name: string;
  url: string;
}

export const passwordReset = defineEmail<Props>({
  subject: () => 'Reset your ShineRoute password',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Choose a new password for your ShineRoute account">
      <P>Hi {p.name},</P>
      <P>
        Someone asked to reset the password of your ShineRoute account. Open this link to choose a new one (it
        expires in one hour):
      </P>
      <P>
        <Url href={p.url} />
      </P>
      <P>If this wasn't you, ignore this email.</P>
    </EmailLayout>
  ),
  sample: { name: 'Maya Shine', url: 'http://localhost:3000/reset-password?token=sample-token' },
});
