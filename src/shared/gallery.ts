import { z } from 'zod';
import { appliedBrandingSchema } from './branding';
import { PHOTO_KIND_LABEL, PHOTO_KINDS, type PhotoKind, photoImageSchema } from './field';

// The customer's before/after gallery (issue 26, decision 1244): a page of one booking's photos behind a signed link
// sent with the completion message, the customer's consent to show them publicly, and the photos the owner features
// on the business's public page.

export { GALLERY_TEXT } from './gallery-text';

export const galleryPhotoSchema = photoImageSchema.extend({ alt: z.string() });
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

/** The public gallery page's answer: the business's name, the job and its photos; nothing else of the business. */
export const publicGallerySchema = z.object({
  businessName: z.string(),
  // A white-labelled business's look (decision 1315); null for ShineRoute's.
  branding: appliedBrandingSchema.nullable(),
  serviceName: z.string(),
  date: z.string(),
  photos: z.array(galleryPhotoSchema),
  consent: z.boolean(),
});
export type PublicGallery = z.infer<typeof publicGallerySchema>;

export const photoConsentInputSchema = z.object({ consent: z.boolean() });
export const featurePhotoInputSchema = z.object({ featured: z.boolean() });

/** The owner's view of a booking's gallery: its link, the customer's consent and which photos are featured. */
export const ownerGallerySchema = z.object({
  url: z.string(),
  consent: z.object({ source: z.enum(['booking', 'gallery']), givenAt: z.string() }).nullable(),
  photos: z.array(z.object({ id: z.string(), kind: z.enum(PHOTO_KINDS), featured: z.boolean() })),
});
export type OwnerGallery = z.infer<typeof ownerGallerySchema>;

export const galleryPath = (token: string) => `/gallery/${token}`;
export const photoAlt = (kind: PhotoKind, serviceName: string) => `${PHOTO_KIND_LABEL[kind]}: ${serviceName}`;
