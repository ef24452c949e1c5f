import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

// The job is done (issue 26, decision 1244): the customer's before and after photos, behind a link to their gallery.

export interface JobGalleryMessage {
  firstName: string;
  businessName: string;
  serviceName: string;
  galleryLink: string;
  /** Left out (null) when more photos may follow: a late sync's first photo. */
  photoCount: number | null;
}

const photosOf = (n: number | null) => (n === null ? '' : ` (${n} ${n === 1 ? 'photo' : 'photos'})`);

export const jobGallery = defineEmail<JobGalleryMessage>({
  subject: (p) => `Your ${p.serviceName} is done: see the before and after`,
  Email: (p) => (
    <EmailLayout
      brand={p.businessName}
      preview={`${p.photoCount ?? 'Before and after'} photos of your ${p.serviceName}`}
    >
      <P>Hi {p.firstName},</P>
      <P>
        Your {p.serviceName} with {p.businessName} is complete. Here are the before and after photos from the
        job{photosOf(p.photoCount)}:
      </P>
      <Url href={p.galleryLink} />
      <P>
        The page shows only these photos. You can also tell us there whether we may show them on our page.
      </P>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Casey',
    businessName: 'Lone Star Mobile Detailing',
    serviceName: 'Full Detail',
    galleryLink: 'https://shineroute.test/gallery/sample-token',
    photoCount: 4,
  },
});
