import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingHistory } from '../../db/schema';

export type HistoryField =
  | 'created'
  | 'time'
  | 'service'
  | 'vehicle'
  | 'address'
  | 'price'
  | 'notes'
  | 'status'
  | 'payment'
  | 'customer';

export interface HistoryEntry {
  field: HistoryField;
  summary: string;
  reason?: string | null;
}

/** Appends change rows to a booking's history (inside the caller's transaction). */
export async function recordHistory(
  tx: DbOrTx,
  businessId: string,
  bookingId: string,
  entries: HistoryEntry[],
) {
  if (entries.length === 0) return;
  await tx.insert(bookingHistory).values(
    entries.map((e) => ({
      businessId,
      bookingId,
      field: e.field,
      summary: e.summary,
      reason: e.reason ?? null,
    })),
  );
}

/** A booking's history, oldest first. */
export async function historyOf(db: DbOrTx, businessId: string, bookingId: string) {
  const rows = await db
    .select()
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.businessId, businessId)))
    .orderBy(asc(bookingHistory.seq));
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    summary: r.summary,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}
