import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';

/**
 * Per-account state the platform keeps beside better-auth's user row: when the account last signed in (set by the
 * session create hook) and whether an admin suspended it (docs/decisions/0810).
 */
export const accountStatus = pgTable(
  'account_status',
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastSignInAt: timestamp({ withTimezone: true }),
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedBy: text().references(() => user.id, { onDelete: 'set null' }),
    suspensionReason: text(),
  },
  (t) => [index('account_status_suspended_by_idx').on(t.suspendedBy)],
);

/**
 * Every admin action: who did what to which record, with the record before and after, written in the same transaction
 * as the change (docs/decisions/0811). The actor's email is copied so the row reads the same after an account is gone.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    targetLabel: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt, t.id),
    index('admin_audit_log_actor_id_idx').on(t.actorId),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
