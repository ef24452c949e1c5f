import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  /** "Austin, TX". */
  place: string;
  zipCode: string;
  bookUrl: string;
}

/** To a waitlist member when their zip code gets its first detailer. */
export const serviceAreaLaunch = defineEmail<Props>({
  subject: (p) => `ShineRoute now serves ${p.place} (${p.zipCode})`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`Mobile car detailing is now available in ${p.place}`}>
      <P>Good news!</P>
      <P>
        Mobile car detailing through ShineRoute is now available in {p.place} {p.zipCode}. A detailer comes to
        your driveway, and booking takes about 60 seconds:
      </P>
      <P>
        <Url href={p.bookUrl} />
      </P>
      <P>
        You are getting this email because you joined the waitlist for {p.zipCode}. This is the only launch
        email we will send you for this zip code.
      </P>
    </EmailLayout>
  ),
  sample: { place: 'Austin, TX', zipCode: '78701', bookUrl: 'http://localhost:3000/book?zip=78701' },
});
