import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  businessName: string | null;
  /** Business Profile's Branding tab, where the white-label settings are. */
  link: string;
}

export const whiteLabelSetupDone = defineEmail<Props>({
  subject: () => 'Your white-label setup is done',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="ShineRoute’s team has finished setting up your white-label">
      <P>Hi{p.businessName ? `, ${p.businessName}` : ''},</P>
      <P>
        ShineRoute’s team has finished the white-label setup you ordered. Your business name, colour, logo and
        links are in place; you can see them, and change them whenever you like, on the Branding tab of your
        Business Profile:
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    link: 'http://localhost:3000/business-profile?tab=branding',
  },
});
