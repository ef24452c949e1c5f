import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';
import { adminAuditLog } from './admin-users.schema';

/** What an admin did; the audit tab shows each with its label (src/shared/admin-users.ts). */
export type AuditAction =
  | 'role.grant'
  | 'role.revoke'
  | 'account.suspend'
  | 'account.restore'
  | 'settings.update'
  | 'verification.approve'
  | 'verification.reject'
  | 'seo.generate'
  | 'seo.delete_page'
  | 'seo.delete_all'
  | (string & {});

export interface AuditEntry {
  actor: { id: string; email: string };
  action: AuditAction;
  targetType: 'user' | 'business' | 'settings' | 'seo_page' | 'seo_run' | (string & {});
  targetId?: string | null;
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the change and its record commit or
 * roll back together (docs/decisions/0811). Other features' admin actions (leads, billing) call it the same way.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry) {
  await tx.insert(adminAuditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const NEWEST_FIRST: SortKey[] = [
  { column: adminAuditLog.createdAt, kind: 'timestamp' },
  { column: adminAuditLog.id, kind: 'uuid' },
];

/** The audit log, newest first, `{ items, nextCursor }`; filtered by target or action when asked. */
export async function listAudit(
  db: DbOrTx,
  query: Pick<ListQuery, 'cursor' | 'limit'> & { targetId?: string; action?: string },
) {
  const where: SQL[] = [];
  if (query.targetId) where.push(eq(adminAuditLog.targetId, query.targetId));
  if (query.action) where.push(eq(adminAuditLog.action, query.action));
  const after = afterCursor(query.cursor, NEWEST_FIRST, 'desc');
  if (after) where.push(after);
  const rows = await db
    .select({ entry: adminAuditLog, at: cursorText(adminAuditLog.createdAt) })
    .from(adminAuditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, ({ at, entry }) => [at, entry.id]);
  return {
    items: page.items.map(({ entry: r }) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      before: r.before as Record<string, unknown> | null,
      after: r.after as Record<string, unknown> | null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
