import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  GALLERY_TEXT,
  galleryPath,
  type OwnerGallery,
  type PublicGallery,
  photoAlt,
} from '../../../shared/gallery';
import { utcToZoned } from '../../../shared/time';
import { businessIsOpen } from '../../access/closed-businesses';
import type { DbOrTx } from '../../db/client';
import {
  bookingPhotoConsents,
  bookings,
  citySeoPages,
  customers,
  fieldPhotos,
  messageSends,
  profiles,
} from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { signedToken, signedTokenId } from '../../http/tokens';
import { appliedBranding } from '../branding/branding.service';
import { deliverQueued, queueMessages } from '../campaigns/automations/message-queue';
import { senderOf } from '../campaigns/campaign-send.service';

// The customer's before/after gallery and the photos a business features publicly (decision 1244). The gallery's link
// is a signed token of the booking's id for the purpose 'gallery' (decision 1164): nothing stored, rebuilt for the
// owner's "copy link", opening one booking's photos and nothing else.

const PURPOSE = 'gallery';

function storageOf(storage: AppDeps['storage']) {
  if (!storage) throw new Error('File storage is not configured');
  return storage;
}
type Deps = Pick<AppDeps, 'db' | 'linkSecret' | 'publicUrl'>;

export const galleryUrl = (deps: Pick<AppDeps, 'linkSecret' | 'publicUrl'>, bookingId: string) =>
  `${deps.publicUrl}${galleryPath(signedToken(deps.linkSecret, PURPOSE, bookingId))}`;

/** The booking a gallery token names, with its business; 404 for anything else. */
async function bookingOfToken(deps: Deps, token: string) {
  const id = signedTokenId(deps.linkSecret, PURPOSE, token);
  if (!id) throw notFound(GALLERY_TEXT.notFound);
  const [b] = await deps.db
    .select({
      id: bookings.id,
      businessId: bookings.businessId,
      serviceName: bookings.serviceName,
      scheduledAt: bookings.scheduledAt,
    })
    .from(bookings)
    .where(and(eq(bookings.id, id), businessIsOpen(bookings.businessId)));
  if (!b?.businessId) throw notFound(GALLERY_TEXT.notFound);
  return { ...b, businessId: b.businessId };
}

const photosOf = (db: DbOrTx, businessId: string, bookingId: string) =>
  db
    .select()
    .from(fieldPhotos)
    .where(and(eq(fieldPhotos.businessId, businessId), eq(fieldPhotos.bookingId, bookingId)))
    .orderBy(sql`${fieldPhotos.kind} = 'after'`, asc(fieldPhotos.takenAt), asc(fieldPhotos.id));

async function consentOf(db: DbOrTx, bookingId: string) {
  const [c] = await db
    .select()
    .from(bookingPhotoConsents)
    .where(eq(bookingPhotoConsents.bookingId, bookingId));
  return c ?? null;
}

/** The customer's gallery page: the business's name, the job, its before and after photos and their consent. */
export async function publicGallery(deps: Deps, token: string): Promise<PublicGallery> {
  const b = await bookingOfToken(deps, token);
  const [p] = await deps.db
    .select({ name: profiles.businessName, timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, b.businessId));
  const photos = await photosOf(deps.db, b.businessId, b.id);
  const base = `/api/public/gallery/${token}/photos`;
  const branding = await appliedBranding(deps.db, b.businessId);
  return {
    businessName: branding?.displayName || p?.name?.trim() || 'Your detailer',
    branding,
    serviceName: b.serviceName,
    date: utcToZoned(b.scheduledAt, p?.timeZone ?? 'America/Chicago').date,
    photos: photos.map((ph) => ({
      id: ph.id,
      kind: ph.kind,
      url: `${base}/${ph.id}`,
      thumbUrl: `${base}/${ph.id}?size=thumb`,
      width: ph.width,
      height: ph.height,
      alt: photoAlt(ph.kind, b.serviceName),
    })),
    consent: Boolean(await consentOf(deps.db, b.id)),
  };
}

/** One photo of the gallery's booking (or its thumbnail); a photo of any other booking is 404. */
export async function galleryPhotoFile(
  deps: Deps & Pick<AppDeps, 'storage'>,
  token: string,
  photoId: string,
  size: 'thumb' | 'full',
) {
  const b = await bookingOfToken(deps, token);
  assertUuid(photoId, GALLERY_TEXT.photoNotFound);
  const [p] = await deps.db
    .select({ key: fieldPhotos.storageKey, thumb: fieldPhotos.thumbKey })
    .from(fieldPhotos)
    .where(and(eq(fieldPhotos.id, photoId), eq(fieldPhotos.bookingId, b.id)));
  if (!p) throw notFound(GALLERY_TEXT.photoNotFound);
  const file = await storageOf(deps.storage).get(size === 'thumb' ? p.thumb : p.key);
  if (!file) throw notFound(GALLERY_TEXT.photoNotFound);
  return file;
}

/** A business's public pages are rendered ahead and cached: a change of what they show makes them render again. */
const refreshPublicPages = (db: DbOrTx, businessId: string) =>
  db
    .update(citySeoPages)
    .set({ renderVersion: sql`${citySeoPages.renderVersion} + 1` })
    .where(eq(citySeoPages.businessId, businessId));

/** Consent given at booking (/book) or on the gallery page; withdrawn on the gallery, which un-features the photos. */
export async function setPhotoConsent(
  db: DbOrTx,
  businessId: string,
  bookingId: string,
  consent: boolean,
  source: 'booking' | 'gallery',
) {
  if (consent) {
    await db.insert(bookingPhotoConsents).values({ bookingId, businessId, source }).onConflictDoNothing();
    return;
  }
  await db.delete(bookingPhotoConsents).where(eq(bookingPhotoConsents.bookingId, bookingId));
  const unfeatured = await db
    .update(fieldPhotos)
    .set({ featuredAt: null })
    .where(and(eq(fieldPhotos.bookingId, bookingId), isNotNull(fieldPhotos.featuredAt)))
    .returning({ id: fieldPhotos.id });
  if (unfeatured.length) await refreshPublicPages(db, businessId);
}

export async function setGalleryConsent(deps: Deps, token: string, consent: boolean) {
  const b = await bookingOfToken(deps, token);
  await deps.db.transaction((tx) => setPhotoConsent(tx, b.businessId, b.id, consent, 'gallery'));
  return { consent };
}

async function ownerBooking(db: DbOrTx, businessId: string, bookingId: string) {
  assertUuid(bookingId, 'Booking not found');
  const [b] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!b) throw notFound('Booking not found');
}

/** The owner's view: the gallery link to copy, the consent and which photos are featured. */
export async function ownerGallery(deps: Deps, businessId: string, bookingId: string): Promise<OwnerGallery> {
  await ownerBooking(deps.db, businessId, bookingId);
  const consent = await consentOf(deps.db, bookingId);
  const photos = await photosOf(deps.db, businessId, bookingId);
  return {
    url: galleryUrl(deps, bookingId),
    consent: consent ? { source: consent.source, givenAt: consent.givenAt.toISOString() } : null,
    photos: photos.map((p) => ({ id: p.id, kind: p.kind, featured: p.featuredAt !== null })),
  };
}

/** Features a photo on the business's public page (only with the customer's consent: 409 otherwise), or un-features it. */
export async function featurePhoto(
  deps: Deps,
  businessId: string,
  bookingId: string,
  photoId: string,
  featured: boolean,
) {
  await ownerBooking(deps.db, businessId, bookingId);
  assertUuid(photoId, GALLERY_TEXT.photoNotFound);
  return deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: fieldPhotos.id })
      .from(fieldPhotos)
      .where(
        and(
          eq(fieldPhotos.id, photoId),
          eq(fieldPhotos.bookingId, bookingId),
          eq(fieldPhotos.businessId, businessId),
        ),
      )
      .for('update');
    if (!p) throw notFound(GALLERY_TEXT.photoNotFound);
    if (featured && !(await consentOf(tx, bookingId))) throw new AppError(409, GALLERY_TEXT.consentRequired);
    await tx
      .update(fieldPhotos)
      .set({ featuredAt: featured ? sql`coalesce(${fieldPhotos.featuredAt}, now())` : null })
      .where(eq(fieldPhotos.id, photoId));
    await refreshPublicPages(tx, businessId);
    return { id: photoId, featured };
  });
}

const consented = and(
  isNotNull(fieldPhotos.featuredAt),
  sql`exists (select 1 from ${bookingPhotoConsents} c where c.booking_id = ${fieldPhotos.bookingId})`,
);

/** The photos a business features, newest first (at most 12), each with its alt text: its public page's "Our work". */
export async function featuredPhotos(db: DbOrTx, businessId: string) {
  const rows = await db
    .select({ id: fieldPhotos.id, kind: fieldPhotos.kind, serviceName: bookings.serviceName })
    .from(fieldPhotos)
    .innerJoin(bookings, eq(bookings.id, fieldPhotos.bookingId))
    .where(and(eq(fieldPhotos.businessId, businessId), consented))
    .orderBy(sql`${fieldPhotos.featuredAt} desc`, asc(fieldPhotos.id))
    .limit(12);
  return rows.map((r) => ({
    id: r.id,
    thumbUrl: `/api/public/featured-photos/${r.id}`,
    alt: photoAlt(r.kind, r.serviceName),
  }));
}

/** A featured photo's thumbnail for the public page: 404 unless featured and still consented. */
export async function featuredPhotoFile(deps: Pick<AppDeps, 'db' | 'storage'>, photoId: string) {
  assertUuid(photoId, GALLERY_TEXT.photoNotFound);
  const [p] = await deps.db
    .select({ thumb: fieldPhotos.thumbKey })
    .from(fieldPhotos)
    .where(and(eq(fieldPhotos.id, photoId), consented, businessIsOpen(fieldPhotos.businessId)));
  if (!p) throw notFound(GALLERY_TEXT.photoNotFound);
  const file = await storageOf(deps.storage).get(p.thumb);
  if (!file) throw notFound(GALLERY_TEXT.photoNotFound);
  return file;
}

/**
 * The gallery's message row (decision 1244), written by `db`: the caller's transaction when a write implies it, so the
 * row commits with the write (decision 1263). Once per booking (its dedupe key): null when the booking has no photos or
 * no customer email, or its gallery message exists already. `photoCount: false` leaves the number of photos out (a
 * late sync's first photo: more may follow, and the link shows them all).
 */
export async function queueGalleryLink(
  deps: Pick<AppDeps, 'publicUrl' | 'linkSecret'>,
  db: DbOrTx,
  businessId: string,
  bookingId: string,
  { photoCount = true } = {},
): Promise<string | null> {
  const dedupeKey = `job_gallery:${bookingId}:email`;
  const [sent] = await db
    .select({ id: messageSends.id })
    .from(messageSends)
    .where(eq(messageSends.dedupeKey, dedupeKey));
  if (sent) return null;
  const [b] = await db
    .select({
      customerId: bookings.customerId,
      serviceName: bookings.serviceName,
      firstName: customers.firstName,
      email: customers.email,
      photos:
        sql<number>`(select count(*) from ${fieldPhotos} where ${fieldPhotos.bookingId} = ${bookings.id})`.mapWith(
          Number,
        ),
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!b?.customerId || !b.email || b.photos === 0) return null;
  const sender = await senderOf(db, businessId);
  const [id] = await queueMessages(db, deps.publicUrl, [
    {
      businessId,
      bookingId,
      customerId: b.customerId,
      kind: 'job_gallery',
      marketing: false,
      dedupeKey,
      channel: 'email',
      to: b.email.toLowerCase(),
      ...(await renderEmailRow(
        'job-gallery',
        {
          firstName: b.firstName ?? 'there',
          businessName: sender.name,
          serviceName: b.serviceName,
          galleryLink: galleryUrl(deps, bookingId),
          photoCount: photoCount ? b.photos : null,
        },
        { db, businessId, publicUrl: deps.publicUrl },
      )),
    },
  ]);
  return id ?? null;
}

/** The completion message with the gallery, sent with the field's completion of a job that has photos. */
export async function sendGalleryLink(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'>,
  businessId: string,
  bookingId: string,
) {
  const id = await queueGalleryLink(deps, deps.db, businessId, bookingId);
  if (id) await deliverQueued(deps, [id]);
}
