import { date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES } from '../../../shared/verification';
import { user } from '../../auth/auth.schema';
import { profiles, verificationStatus } from '../../db/domain.schema';

export const verificationDocumentType = pgEnum('verification_document_type', DOCUMENT_TYPES);

/** An uploaded document; the file itself lives in private storage at storage_path (never a public URL). */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    documentType: verificationDocumentType().notNull(),
    // {userId}/{documentType}_{timestamp}.{ext} inside the storage provider.
    storagePath: text().notNull(),
    documentName: text().notNull(),
    fileSize: integer().notNull(),
    mimeType: text().notNull(),
    verificationStatus: verificationStatus().notNull().default('pending'),
    expiryDate: date(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_documents_business_type_idx').on(t.businessId, t.documentType, t.createdAt)],
);

/** One review per business: pending after an upload, then verified or rejected (with a reason) by an admin. */
export const businessVerifications = pgTable(
  'business_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    verificationStatus: verificationStatus().notNull().default('pending'),
    rejectionReason: text(),
    reviewedBy: text().references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('business_verifications_status_idx').on(t.verificationStatus, t.submittedAt),
    index('business_verifications_reviewed_by_idx').on(t.reviewedBy),
  ],
);
