import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  type AppliedBranding,
  BRANDING_TEXT,
  brandingInputSchema,
  brandLogoPath,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  textOnBrand,
} from '../../../shared/branding';
import { planIncludes } from '../../../shared/plan-features';
import { businessIsOpen } from '../../access/closed-businesses';
import type { DbOrTx } from '../../db/client';
import { businessBrandings, profiles } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/storage';

type BrandingRow = typeof businessBrandings.$inferSelect;

/** The owner's view of the settings (whatever the plan: a downgraded business sees what it had). */
export function brandingView(businessId: string, row: BrandingRow | undefined) {
  return {
    displayName: row?.displayName ?? null,
    color: row?.color ?? null,
    textColor: row?.color ? textOnBrand(row.color) : null,
    logoUrl: row?.storageKey && row.logoVersion ? brandLogoPath(businessId, row.logoVersion) : null,
    privacyUrl: row?.privacyUrl ?? null,
    termsUrl: row?.termsUrl ?? null,
  };
}

async function rowOf(db: DbOrTx, businessId: string) {
  const [row] = await db.select().from(businessBrandings).where(eq(businessBrandings.businessId, businessId));
  return row;
}

export async function getBranding(db: DbOrTx, businessId: string) {
  return brandingView(businessId, await rowOf(db, businessId));
}

export async function saveBranding(db: DbOrTx, businessId: string, input: unknown) {
  const parsed = brandingInputSchema.parse(input);
  const [row] = await db
    .insert(businessBrandings)
    .values({ businessId, ...parsed })
    .onConflictDoUpdate({ target: businessBrandings.businessId, set: { ...parsed, updatedAt: new Date() } })
    .returning();
  return brandingView(businessId, row);
}

/** The logo's type from its bytes alone: PNG, JPEG or WebP (415 otherwise, whatever the file is called). */
export async function logoType(bytes: Uint8Array) {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as keyof typeof LOGO_TYPES | undefined;
  if (!mime || !(mime in LOGO_TYPES)) throw new AppError(415, BRANDING_TEXT.logoType);
  return { mime, ext: LOGO_TYPES[mime] };
}

export async function saveLogo(
  deps: { db: DbOrTx; storage?: FileStorage },
  businessId: string,
  bytes: Uint8Array,
) {
  if (bytes.byteLength === 0) throw new AppError(415, BRANDING_TEXT.logoType);
  if (bytes.byteLength > MAX_LOGO_BYTES) throw new AppError(413, BRANDING_TEXT.logoTooLarge);
  const type = await logoType(bytes);
  if (!deps.storage) throw new Error('File storage is not configured');
  const version = crypto.randomUUID().slice(0, 8);
  const key = `branding/${businessId}/logo_${version}.${type.ext}`;
  await deps.storage.put(key, bytes, type.mime);
  const previous = await rowOf(deps.db, businessId);
  const set = { storageKey: key, logoContentType: type.mime, logoVersion: version, updatedAt: new Date() };
  const [row] = await deps.db
    .insert(businessBrandings)
    .values({ businessId, ...set })
    .onConflictDoUpdate({ target: businessBrandings.businessId, set })
    .returning();
  if (previous?.storageKey && previous.storageKey !== key) await deps.storage.delete(previous.storageKey);
  return brandingView(businessId, row);
}

export async function removeLogo(deps: { db: DbOrTx; storage?: FileStorage }, businessId: string) {
  const previous = await rowOf(deps.db, businessId);
  if (!previous?.storageKey) return brandingView(businessId, previous);
  const [row] = await deps.db
    .update(businessBrandings)
    .set({ storageKey: null, logoContentType: null, logoVersion: null, updatedAt: new Date() })
    .where(eq(businessBrandings.businessId, businessId))
    .returning();
  await deps.storage?.delete(previous.storageKey);
  return brandingView(businessId, row);
}

/**
 * What customers see of a business's brand: its branding when its plan includes white-label and something is set,
 * null otherwise (ShineRoute's look and "Powered by ShineRoute"). Read at every use, so a downgrade stops it at once.
 */
export async function appliedBranding(db: DbOrTx, businessId: string): Promise<AppliedBranding | null> {
  const [row] = await db
    .select({
      plan: profiles.subscriptionTier,
      businessName: profiles.businessName,
      branding: businessBrandings,
    })
    .from(profiles)
    .innerJoin(businessBrandings, eq(businessBrandings.businessId, profiles.id))
    .where(eq(profiles.id, businessId));
  if (!row || !planIncludes(row.plan, 'white_label')) return null;
  const view = brandingView(businessId, row.branding);
  if (!view.displayName && !view.color && !view.logoUrl) return null;
  return {
    displayName: view.displayName ?? row.businessName ?? '',
    color: view.color,
    textColor: view.textColor,
    logoUrl: view.logoUrl,
    privacyUrl: view.privacyUrl,
    termsUrl: view.termsUrl,
  };
}

/**
 * The name a business's customers read, in a text message as in an email (decision 1318): its display name while it
 * is white-labelled, else the name given.
 */
export async function customerFacingName(db: DbOrTx, businessId: string, name: string) {
  return (await appliedBranding(db, businessId))?.displayName || name;
}

/**
 * A white-labelled business's logo for its PDF documents (decision 1318), as the data URL pdfmake draws (it reads
 * PNG and JPEG; a WebP logo is converted to PNG). Null without white-label, without a logo, or when the file is gone.
 */
export async function pdfLogo(deps: { db: DbOrTx; storage?: FileStorage }, businessId: string) {
  const [row] = await deps.db
    .select({
      plan: profiles.subscriptionTier,
      key: businessBrandings.storageKey,
      type: businessBrandings.logoContentType,
    })
    .from(businessBrandings)
    .innerJoin(profiles, eq(profiles.id, businessBrandings.businessId))
    .where(eq(businessBrandings.businessId, businessId));
  if (!row?.key || !planIncludes(row.plan, 'white_label')) return null;
  const file = await deps.storage?.get(row.key);
  if (!file) return null;
  const png = row.type === 'image/png' || row.type === 'image/jpeg';
  const bytes = png ? Buffer.from(file.body) : await sharp(file.body).png().toBuffer();
  return `data:${png ? row.type : 'image/png'};base64,${bytes.toString('base64')}`;
}

/** The public logo of an open, white-labelled business: the only file this route serves (404 for anything else). */
export async function publicLogo(deps: { db: DbOrTx; storage?: FileStorage }, businessId: string) {
  const [row] = await deps.db
    .select({ plan: profiles.subscriptionTier, key: businessBrandings.storageKey })
    .from(businessBrandings)
    .innerJoin(profiles, eq(profiles.id, businessBrandings.businessId))
    .where(and(eq(businessBrandings.businessId, businessId), businessIsOpen(businessBrandings.businessId)));
  if (!row?.key || !planIncludes(row.plan, 'white_label')) throw notFound();
  const file = await deps.storage?.get(row.key);
  if (!file) throw notFound();
  return file;
}

/** The branding with the logo's address made absolute, for an email (read far from the app). */
export function absoluteBranding(applied: AppliedBranding | null, publicUrl: string): AppliedBranding | null {
  if (!applied) return null;
  const base = publicUrl.replace(/\/+$/, '');
  return { ...applied, logoUrl: applied.logoUrl ? `${base}${applied.logoUrl}` : null };
}

/** The branding for a business's customer email. */
export async function emailBranding(db: DbOrTx, businessId: string, publicUrl: string) {
  return absoluteBranding(await appliedBranding(db, businessId), publicUrl);
}
