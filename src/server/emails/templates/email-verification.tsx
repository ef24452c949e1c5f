import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  name: string;
  url: string;
}

export const emailVerification = defineEmail<Props>({
  subject: () => 'Verify your ShineRoute email',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Confirm your email address">
      <P>Welcome to ShineRoute, {p.name}!</P>
      <P>Please confirm your email address by opening this link:</P>
      <P>
        <Url href={p.url} />
      </P>
    </EmailLayout>
  ),
  sample: { name: 'Maya Shine', url: 'http://localhost:3000/api/auth/verify-email?token=sample-token' },
});
