import { formatDateTimeInZone } from '../../../shared/time';
import { defineEmail, type Moment } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  businessName: string | null;
  /** When the archive stops being downloadable (7 days after it was built), in the business's zone. */
  expires: Moment;
  /** Business Profile's Data tab, where the signed-in owner downloads it. */
  link: string;
}

export const dataExportReady = defineEmail<Props>({
  subject: () => 'Your ShineRoute data export is ready',
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Your data export is ready to download">
      <P>Hi{p.businessName ? `, ${p.businessName}` : ''},</P>
      <P>
        The export of all your data is ready: one .zip with a CSV file for each kind of record, a JSON copy of
        everything and the files you uploaded. Sign in and download it from the Data tab of your Business
        Profile until {formatDateTimeInZone(p.expires.at, p.expires.timeZone)}:
      </P>
      <P>
        <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    expires: { at: '2026-03-14T15:00:00.000Z', timeZone: 'America/Chicago' },
    link: 'http://localhost:3000/business-profile?tab=data',
  },
});
