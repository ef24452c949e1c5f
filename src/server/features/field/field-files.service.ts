import { and, eq } from 'drizzle-orm';
import { FIELD_TEXT } from '../../../shared/field';
import { assertOwnJob, type Viewer } from '../../access/technician-access';
import { fieldPhotos, fieldSignatures } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { storageOf } from './field-write.service';

/**
 * A field photo (or its thumbnail) or a job's signature, from the private storage: the business's own, and for a
 * technician only their own jobs'. Anything else is 404, like a photo that does not exist.
 */
export async function fieldFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  which: { photoId: string; size: 'thumb' | 'full' } | { signatureOf: string },
) {
  const message = 'photoId' in which ? FIELD_TEXT.photoNotFound : 'Signature not found';
  let key: string | undefined;
  let bookingId: string | undefined;
  if ('photoId' in which) {
    assertUuid(which.photoId, message);
    const [p] = await deps.db
      .select({ bookingId: fieldPhotos.bookingId, key: fieldPhotos.storageKey, thumb: fieldPhotos.thumbKey })
      .from(fieldPhotos)
      .where(and(eq(fieldPhotos.id, which.photoId), eq(fieldPhotos.businessId, viewer.businessId)));
    key = which.size === 'thumb' ? p?.thumb : p?.key;
    bookingId = p?.bookingId;
  } else {
    assertUuid(which.signatureOf, message);
    const [s] = await deps.db
      .select({ bookingId: fieldSignatures.bookingId, key: fieldSignatures.storageKey })
      .from(fieldSignatures)
      .where(
        and(
          eq(fieldSignatures.bookingId, which.signatureOf),
          eq(fieldSignatures.businessId, viewer.businessId),
        ),
      );
    key = s?.key;
    bookingId = s?.bookingId;
  }
  if (!key || !bookingId) throw notFound(message);
  await assertOwnJob(deps.db, viewer, bookingId, message);
  const file = await storageOf(deps.storage).get(key);
  if (!file) throw notFound(message);
  return file;
}
