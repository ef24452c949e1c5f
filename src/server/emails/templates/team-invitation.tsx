import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  /** The business's name, or null when it has none yet. */
  businessName: string | null;
  link: string;
  expiresInDays: number;
}

const businessOf = (p: Props) => p.businessName || 'a ShineRoute business';

export const teamInvitation = defineEmail<Props>({
  subject: (p) => `You're invited to join ${businessOf(p)} on ShineRoute`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`Join ${businessOf(p)} as a technician`}>
      <P>Hi,</P>
      <P>
        You've been invited to join {businessOf(p)} on ShineRoute as a technician. Open this link to create
        your account or sign in (it works once and expires in {p.expiresInDays} days):
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    link: 'http://localhost:3000/join/sample-token',
    expiresInDays: 7,
  },
});
