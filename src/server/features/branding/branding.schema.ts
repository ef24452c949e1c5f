import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profiles } from '../../db/domain.schema';

/**
 * A business's white-label settings (Elite, decision 1315) and its custom domain (decision 1316). One row per
 * business, made when the owner first saves. `storage_key` is the logo in the private file storage (the export and
 * the account purge find it by that column's name); `logo_version` changes with each upload so caches refresh.
 */
export const businessBrandings = pgTable(
  'business_brandings',
  {
    businessId: text()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    displayName: text(),
    color: text(),
    storageKey: text(),
    logoContentType: text(),
    logoVersion: text(),
    // The business's own Privacy policy and Terms (decision 1358): https addresses shown, never fetched, in the footer
    // of its white-labelled pages and customer emails instead of ShineRoute's.
    privacyUrl: text(),
    termsUrl: text(),
    // The owner's own hostname, e.g. book.lonestardetailing.com (lower case), unique across businesses.
    customDomain: text(),
    domainStatus: text({ enum: ['pending', 'verified', 'failed'] }),
    domainFailure: text(),
    domainCheckedAt: timestamp({ withTimezone: true }),
    // The daily re-check of a verified domain (decision 1342): what it found last, and how many checks in a row found
    // the record gone (at DOMAIN_MISSES_TO_SWITCH_OFF the domain is switched off).
    domainLastResult: text({ enum: ['found', 'missing', 'lookup_failed'] }),
    domainMisses: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_brandings_custom_domain_uq').on(t.customDomain),
    check('business_brandings_color', sql`${t.color} is null or ${t.color} ~ '^#[0-9a-f]{6}$'`),
    check(
      'business_brandings_legal_urls',
      sql`(${t.privacyUrl} is null or (${t.privacyUrl} like 'https://%' and length(${t.privacyUrl}) <= 500)) and (${t.termsUrl} is null or (${t.termsUrl} like 'https://%' and length(${t.termsUrl}) <= 500))`,
    ),
    check(
      'business_brandings_domain_status',
      sql`${t.domainStatus} is null or ${t.domainStatus} in ('pending', 'verified', 'failed')`,
    ),
    check(
      'business_brandings_domain_lower',
      sql`${t.customDomain} is null or ${t.customDomain} = lower(${t.customDomain})`,
    ),
  ],
);
