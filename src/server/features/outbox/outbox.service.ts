import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { outboxMessages } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';

// The admin's Outbox: every email and SMS the platform sent, or stored without SMTP/Twilio (issue 25, item 15).

export type OutboxChannel = 'email' | 'sms';
type Row = typeof outboxMessages.$inferSelect;

const NEWEST_FIRST: SortKey[] = [
  { column: outboxMessages.createdAt, kind: 'timestamp' },
  { column: outboxMessages.id, kind: 'uuid' },
];

const toSummary = (m: Row) => ({
  id: m.id,
  channel: m.channel,
  to: m.to,
  subject: m.subject,
  body: m.body,
  hasHtml: m.html !== null,
  transport: m.transport,
  createdAt: m.createdAt.toISOString(),
});

/**
 * Messages newest first, `{ items, nextCursor }`. `q` finds a recipient by any part of the address or number;
 * `to` is one exact recipient (emails are stored lower-cased).
 */
export async function listOutbox(db: DbOrTx, query: ListQuery & { to?: string; channel?: OutboxChannel }) {
  const where: (SQL | undefined)[] = [];
  const like = containsPattern(query.q);
  if (like) where.push(ilike(outboxMessages.to, like));
  if (query.to) where.push(eq(outboxMessages.to, query.to));
  if (query.channel) where.push(eq(outboxMessages.channel, query.channel));
  where.push(afterCursor(query.cursor, NEWEST_FIRST, 'desc'));
  const rows = await db
    .select({ message: outboxMessages, at: cursorText(outboxMessages.createdAt) })
    .from(outboxMessages)
    .where(and(...where))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.message.id]);
  return { items: page.items.map((r) => toSummary(r.message)), nextCursor: page.nextCursor };
}

async function findMessage(db: DbOrTx, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('Message not found');
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw notFound('Message not found');
  return row;
}

/**
 * One message with its parts and headers, as a mail viewer shows them. The outbox keeps the recipient, subject, date
 * and the extra headers a message carried (List-Unsubscribe…); the sender is the configured MAIL_FROM.
 */
export async function getOutboxMessage(db: DbOrTx, id: string, mailFrom: string | undefined) {
  const m = await findMessage(db, id);
  const headers: { name: string; value: string }[] = [];
  if (m.channel === 'email') {
    if (mailFrom) headers.push({ name: 'From', value: mailFrom });
    headers.push({ name: 'To', value: m.to });
    headers.push({ name: 'Subject', value: m.subject ?? '' });
    headers.push({ name: 'Date', value: m.createdAt.toUTCString() });
    for (const [name, value] of Object.entries(m.headers ?? {})) headers.push({ name, value });
  } else {
    headers.push({ name: 'To', value: m.to });
    headers.push({ name: 'Date', value: m.createdAt.toUTCString() });
  }
  return { ...toSummary(m), html: m.html, headers };
}

/**
 * The HTML part as a document of its own, for a sandboxed frame: links open in a new tab (the frame may not navigate
 * itself to the app, which refuses to be framed).
 */
export async function outboxHtmlDocument(db: DbOrTx, id: string): Promise<string> {
  const m = await findMessage(db, id);
  if (m.html === null) throw notFound('This message has no HTML part');
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(m.html) ? m.html.replace(/<head[^>]*>/i, (head) => head + base) : base + m.html;
}
