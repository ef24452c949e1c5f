import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { parseCalendarDate } from '../../../shared/time';
import {
  DOCUMENT_TYPE_INFO,
  type DocumentType,
  INSURANCE_WARNING_DAYS,
  MAX_UPLOAD_BYTES,
  VERIFICATION_TEXT,
} from '../../../shared/verification';
import type { Database, DbOrTx } from '../../db/client';
import { businessVerifications, profiles, user, verificationDocuments } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import { AppError, invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, cursorText, pageOf, type SortKey } from '../../http/lists';
import type { FileStorage } from '../../providers/storage/storage';
import { recordAudit } from '../admin-users/audit.service';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { getUserRole } from '../profiles/profiles.service';

type DocumentRow = typeof verificationDocuments.$inferSelect;

export const toDocumentDto = (d: DocumentRow) => ({
  id: d.id,
  documentType: d.documentType,
  documentName: d.documentName,
  fileSize: d.fileSize,
  mimeType: d.mimeType,
  verificationStatus: d.verificationStatus,
  expiryDate: d.expiryDate,
  createdAt: d.createdAt.toISOString(),
  // A private, authorised route (owner or admin), never a public URL.
  documentUrl: `/api/verification/documents/${d.id}/file`,
});

/** The owner's review status and documents, newest first. */
export async function getVerification(db: DbOrTx, businessId: string) {
  const [review] = await db
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, businessId));
  const documents = await db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.businessId, businessId))
    .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id));
  return {
    verification: review
      ? {
          verificationStatus: review.verificationStatus,
          rejectionReason: review.rejectionReason,
          submittedAt: review.submittedAt.toISOString(),
          reviewedAt: review.reviewedAt?.toISOString() ?? null,
        }
      : null,
    documents: documents.map(toDocumentDto),
  };
}

const KINDS: Record<string, { ext: 'pdf' | 'jpg' | 'png'; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
};

/** The file's real kind from its bytes; its name must agree (a renamed .exe is refused with 415). */
export async function detectDocumentKind(fileName: string, bytes: Uint8Array) {
  const nameExt = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  const claimed = KINDS[nameExt];
  if (!claimed) throw new AppError(415, VERIFICATION_TEXT.unsupported);
  const detected = await fileTypeFromBuffer(bytes);
  const actual = detected ? KINDS[detected.ext] : undefined;
  if (!actual) throw new AppError(415, VERIFICATION_TEXT.unsupported);
  if (actual.ext !== claimed.ext) throw new AppError(415, VERIFICATION_TEXT.mismatch);
  return actual;
}

export interface UploadInput {
  documentType: DocumentType;
  fileName: string;
  bytes: Uint8Array;
  expiryDate: string | null;
}

/**
 * Stores a document privately at {userId}/{documentType}_{timestamp}.{ext} and records it. The first upload
 * creates the business's review (pending); an upload after a rejection re-opens it (docs/decisions/0205).
 */
export async function uploadDocument(
  deps: { db: Database; storage: FileStorage },
  businessId: string,
  userId: string,
  input: UploadInput,
) {
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError(413, VERIFICATION_TEXT.tooLarge);
  if (input.bytes.byteLength === 0) throw new AppError(415, VERIFICATION_TEXT.unsupported);
  const kind = await detectDocumentKind(input.fileName, input.bytes);
  if (input.documentType === 'insurance_certificate' && !input.expiryDate)
    throw invalid(VERIFICATION_TEXT.expiryRequired);

  const storagePath = `${userId}/${input.documentType}_${Date.now()}.${kind.ext}`;
  await deps.storage.put(storagePath, input.bytes, kind.mime);
  try {
    return await deps.db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(verificationDocuments)
        .values({
          businessId,
          documentType: input.documentType,
          storagePath,
          documentName: input.fileName.slice(0, 255),
          fileSize: input.bytes.byteLength,
          mimeType: kind.mime,
          expiryDate: input.documentType === 'insurance_certificate' ? input.expiryDate : null,
        })
        .returning();
      await tx
        .insert(businessVerifications)
        .values({ businessId, verificationStatus: 'pending' })
        .onConflictDoUpdate({
          target: businessVerifications.businessId,
          set: { verificationStatus: 'pending', submittedAt: new Date() },
          setWhere: eq(businessVerifications.verificationStatus, 'rejected'),
        });
      await tx
        .update(profiles)
        .set({ verificationStatus: 'pending' })
        .where(and(eq(profiles.id, businessId), eq(profiles.verificationStatus, 'rejected')));
      return toDocumentDto(doc!);
    });
  } catch (err) {
    await deps.storage.delete(storagePath).catch(() => {});
    throw err;
  }
}

/** The stored file, for its owner or an admin; anyone else gets 404 (existence does not leak). */
export async function getDocumentFile(
  deps: { db: Database; storage: FileStorage },
  viewerId: string,
  documentId: string,
) {
  assertUuid(documentId, 'Document not found');
  const [doc] = await deps.db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.id, documentId));
  if (!doc) throw notFound('Document not found');
  if (doc.businessId !== viewerId && (await getUserRole(deps.db, viewerId)) !== 'admin')
    throw notFound('Document not found');
  const file = await deps.storage.get(doc.storagePath);
  if (!file) throw notFound('Document not found');
  return { doc, file };
}

// ---------------------------------------------------------------------------------------------------------
// Admin review.

const OLDEST_FIRST: SortKey[] = [
  { column: businessVerifications.submittedAt, kind: 'timestamp' },
  { column: businessVerifications.businessId, kind: 'text' },
];

/** The review queue, oldest submission first, a page at a time. */
export async function listVerificationsForReview(
  db: DbOrTx,
  query: { status: 'pending' | 'verified' | 'rejected' | 'all'; cursor?: string; limit: number },
) {
  const { status } = query;
  const rows = await db
    .select({
      at: cursorText(businessVerifications.submittedAt),
      businessId: businessVerifications.businessId,
      verificationStatus: businessVerifications.verificationStatus,
      rejectionReason: businessVerifications.rejectionReason,
      submittedAt: businessVerifications.submittedAt,
      reviewedAt: businessVerifications.reviewedAt,
      businessName: profiles.businessName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: user.email,
    })
    .from(businessVerifications)
    .innerJoin(profiles, eq(profiles.id, businessVerifications.businessId))
    .innerJoin(user, eq(user.id, businessVerifications.businessId))
    .where(
      and(
        status === 'all' ? undefined : eq(businessVerifications.verificationStatus, status),
        afterCursor(query.cursor, OLDEST_FIRST, 'asc'),
      ),
    )
    .orderBy(asc(businessVerifications.submittedAt), asc(businessVerifications.businessId))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.businessId]);
  const reviews = page.items;
  const docs = reviews.length
    ? await db
        .select()
        .from(verificationDocuments)
        .where(
          inArray(
            verificationDocuments.businessId,
            reviews.map((r) => r.businessId),
          ),
        )
        .orderBy(desc(verificationDocuments.createdAt))
    : [];
  const items = reviews.map(({ at: _, ...r }) => ({
    ...r,
    ownerName: `${r.firstName} ${r.lastName}`.trim(),
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    documents: docs.filter((d) => d.businessId === r.businessId).map(toDocumentDto),
  }));
  return { items, nextCursor: page.nextCursor };
}

/**
 * Approves or rejects a business. The review, its pending documents and profiles.verification_status move
 * together; the owner is emailed the decision.
 */
export async function reviewBusiness(
  deps: AutomationDeps,
  admin: { id: string; email: string },
  businessId: string,
  decision: { status: 'verified' } | { status: 'rejected'; reason: string },
) {
  assertUuid(businessId, 'Verification request not found');
  const adminId = admin.id;
  const reason = decision.status === 'rejected' ? decision.reason.trim() : null;
  if (decision.status === 'rejected' && !reason) throw invalid(VERIFICATION_TEXT.reasonRequired);
  const owner = await deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({
        status: businessVerifications.verificationStatus,
        reason: businessVerifications.rejectionReason,
      })
      .from(businessVerifications)
      .where(eq(businessVerifications.businessId, businessId))
      .for('update');
    // The same decision again (a second click, a replayed request) changes nothing, so nothing is written, audited or
    // emailed; a rejection with another reason is a new decision.
    if (
      previous &&
      previous.status === decision.status &&
      (decision.status === 'verified' || previous.reason === reason)
    )
      return null;
    const [review] = await tx
      .update(businessVerifications)
      .set({
        verificationStatus: decision.status,
        rejectionReason: reason,
        reviewedBy: adminId,
        reviewedAt: new Date(),
      })
      .where(eq(businessVerifications.businessId, businessId))
      .returning();
    if (!review) throw notFound('Verification request not found');
    await tx
      .update(verificationDocuments)
      .set({ verificationStatus: decision.status })
      .where(
        and(
          eq(verificationDocuments.businessId, businessId),
          eq(verificationDocuments.verificationStatus, 'pending'),
        ),
      );
    await tx.update(profiles).set({ verificationStatus: decision.status }).where(eq(profiles.id, businessId));
    const [row] = await tx
      .select({ email: user.email, firstName: profiles.firstName, businessName: profiles.businessName })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, businessId));
    await recordAudit(tx, {
      actor: admin,
      action: decision.status === 'verified' ? 'verification.approve' : 'verification.reject',
      targetType: 'business',
      targetId: businessId,
      targetLabel: row!.businessName || row!.email,
      before: { verificationStatus: previous?.status ?? null, rejectionReason: previous?.reason ?? null },
      after: { verificationStatus: decision.status, rejectionReason: reason },
    });
    // The owner's email commits with the decision (decision 1321): one per decision, delivered after the commit or,
    // after a crash, by the next automations tick.
    const about = { firstName: row!.firstName, businessName: row!.businessName, publicUrl: deps.publicUrl };
    const email =
      decision.status === 'verified'
        ? await renderEmailRow('verification-approved', about)
        : await renderEmailRow('verification-rejected', { ...about, reason: reason ?? '' });
    return queueTransactionalEmail(tx, deps.publicUrl, {
      businessId,
      kind: 'verification',
      dedupeKey: `verification:${review.id}:${review.reviewedAt!.toISOString()}`,
      to: row!.email,
      ...email,
    });
  });
  if (owner) await deliverQueued(deps, owner);
  return { businessId, verificationStatus: decision.status, rejectionReason: reason };
}

/** The latest insurance certificate's expiry when it falls within 30 days (or has passed); else null. */
export async function insuranceExpiryNotice(db: DbOrTx, businessId: string, today = new Date()) {
  const [row] = await db
    .execute<{ expiry: string | null }>(sql`select ${latestInsuranceExpiry(businessId)} as expiry`)
    .then((r) => r.rows);
  return insuranceNotice(row?.expiry ?? null, today);
}

/** The expiry date ('YYYY-MM-DD') of the business's latest insurance certificate that is not rejected, as a SQL scalar. */
export const latestInsuranceExpiry = (businessId: string) => sql<string | null>`(
  select ${verificationDocuments.expiryDate}::text from ${verificationDocuments}
  where ${verificationDocuments.businessId} = ${businessId} and ${verificationDocuments.documentType} = 'insurance_certificate'
    and ${verificationDocuments.expiryDate} is not null and ${verificationDocuments.verificationStatus} <> 'rejected'
  order by ${verificationDocuments.createdAt} desc limit 1)`;

/** The dashboard's notice for that expiry date: set when it is within 30 days (or past). */
export function insuranceNotice(expiryDate: string | null, today = new Date()) {
  if (!expiryDate) return null;
  const day = 86_400_000;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysLeft = Math.round((parseCalendarDate(expiryDate).getTime() - todayUtc) / day);
  if (daysLeft > INSURANCE_WARNING_DAYS) return null;
  return { expiryDate, daysLeft };
}

export const documentLabel = (type: DocumentType) => DOCUMENT_TYPE_INFO[type].label;
