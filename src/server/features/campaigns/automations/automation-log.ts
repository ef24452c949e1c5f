import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers, messageSends } from '../../../db/schema';
import { afterCursor, cursorText, type ListQuery, pageOf } from '../../../http/lists';

// The owner's message log: automated messages (and, on request, campaign sends), newest first.

export async function messageLog(
  db: Database,
  businessId: string,
  query: ListQuery & { kind?: 'automated' | 'all' },
) {
  const rows = await db
    .select({
      id: messageSends.id,
      kind: messageSends.kind,
      marketing: messageSends.marketing,
      channel: messageSends.channel,
      to: messageSends.to,
      subject: messageSends.subject,
      status: messageSends.status,
      error: messageSends.error,
      bookingId: messageSends.bookingId,
      notBefore: messageSends.notBefore,
      sentAt: messageSends.sentAt,
      createdAt: messageSends.createdAt,
      createdAtText: cursorText(messageSends.createdAt),
      customerName: sql<
        string | null
      >`nullif(trim(concat(${customers.firstName}, ' ', ${customers.lastName})), '')`,
    })
    .from(messageSends)
    .leftJoin(customers, eq(customers.id, messageSends.customerId))
    .where(
      and(
        eq(messageSends.businessId, businessId),
        query.kind === 'all' ? undefined : isNull(messageSends.campaignId),
        afterCursor(
          query.cursor,
          [
            { column: messageSends.createdAt, kind: 'timestamp' },
            { column: messageSends.id, kind: 'uuid' },
          ],
          'desc',
        ),
      ),
    )
    .orderBy(desc(messageSends.createdAt), desc(messageSends.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.createdAtText, r.id]);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      kind: r.kind,
      marketing: r.marketing,
      channel: r.channel,
      to: r.to,
      subject: r.subject,
      status: r.status,
      error: r.error,
      bookingId: r.bookingId,
      customerName: r.customerName,
      notBefore: r.notBefore.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
