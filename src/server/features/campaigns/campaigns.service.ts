import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  BUILT_IN_TEMPLATES,
  type CampaignInput,
  campaignInputSchema,
  type MessageTemplate,
  type TemplateInput,
  templateInputSchema,
} from '../../../shared/campaigns';
import type { Database, DbOrTx } from '../../db/client';
import { campaigns, customers, messageSends, messageTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertOwnedIds, assertUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';
import { marketingAudience } from './consent.service';

const CAMPAIGN_NOT_FOUND = 'Campaign not found';
const TEMPLATE_NOT_FOUND = 'Template not found';

type CampaignRow = typeof campaigns.$inferSelect;

export function toCampaign(c: CampaignRow) {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    subject: c.subject,
    message: c.message,
    templateId: c.templateId,
    targetAudience: c.targetAudience,
    status: c.status,
    recipientCount: c.recipientCount,
    sentCount: c.sentCount,
    failedCount: c.failedCount,
    skippedCount: c.skippedCount,
    failureReason: c.failureReason,
    // §2: shown when sent; delivered out of those the campaign was for.
    deliveryRatePercent:
      c.status === 'sent' && c.recipientCount > 0 ? Math.round((c.sentCount / c.recipientCount) * 100) : null,
    createdAt: c.createdAt.toISOString(),
    finishedAt: c.finishedAt?.toISOString() ?? null,
  };
}

export async function findCampaign(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, CAMPAIGN_NOT_FOUND);
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId)));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

const NEWEST_FIRST: SortKey[] = [
  { column: campaigns.createdAt, kind: 'timestamp' },
  { column: campaigns.id, kind: 'uuid' },
];
const SEND_ORDER: SortKey[] = [
  { column: messageSends.createdAt, kind: 'timestamp' },
  { column: messageSends.id, kind: 'uuid' },
];

/** Newest first, keyset pages. */
export async function listCampaigns(db: Database, businessId: string, query: ListQuery) {
  const rows = await db
    .select({ campaign: campaigns, at: cursorText(campaigns.createdAt) })
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), afterCursor(query.cursor, NEWEST_FIRST, 'desc')))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.campaign.id]);
  return { items: page.items.map((r) => toCampaign(r.campaign)), nextCursor: page.nextCursor };
}

export async function createCampaign(db: Database, businessId: string, input: CampaignInput) {
  const values = campaignInputSchema.parse(input);
  // A built-in template's id, or one of the business's own templates.
  if (values.templateId && !BUILT_IN_TEMPLATES.some((t) => t.id === values.templateId))
    await assertOwnedIds(db, messageTemplates, businessId, [values.templateId], TEMPLATE_NOT_FOUND);
  // §3 recipient_count: who the draft would reach today; fixed for good when the send is prepared.
  const audience = await marketingAudience(db, businessId, values.type);
  const [row] = await db
    .insert(campaigns)
    .values({
      businessId,
      ...values,
      status: 'draft',
      sentCount: 0,
      recipientCount: audience.eligible.length,
      skippedCount: audience.skipped,
    })
    .returning();
  return toCampaign(row!);
}

/**
 * The four cards of §2. Avg. Open Rate is measured over delivered campaign emails (null while none were sent, and the
 * screen then shows the spec's 68%).
 */
export async function campaignStats(db: Database, businessId: string) {
  const [[totals], [customerCount], [opens]] = await Promise.all([
    db
      .select({ total: count(), sent: sql<number>`coalesce(sum(${campaigns.sentCount}), 0)`.mapWith(Number) })
      .from(campaigns)
      .where(eq(campaigns.businessId, businessId)),
    db.select({ n: count() }).from(customers).where(eq(customers.businessId, businessId)),
    db
      .select({ delivered: count(), opened: count(messageSends.openedAt) })
      .from(messageSends)
      .where(
        and(
          eq(messageSends.businessId, businessId),
          isNotNull(messageSends.campaignId),
          eq(messageSends.channel, 'email'),
          eq(messageSends.status, 'sent'),
        ),
      ),
  ]);
  return {
    totalCampaigns: totals?.total ?? 0,
    messagesSent: totals?.sent ?? 0,
    activeCustomers: customerCount?.n ?? 0,
    openRatePercent:
      opens && opens.delivered > 0 ? Math.round((opens.opened / opens.delivered) * 1000) / 10 : null,
  };
}

/** Everyone the campaign's channel may reach now, and how many customers are skipped for lack of consent. */
export async function audienceSize(db: Database, businessId: string, channel: 'email' | 'sms') {
  const audience = await marketingAudience(db, businessId, channel);
  return { recipients: audience.eligible.length, skipped: audience.skipped };
}

/** View Details: each recipient's delivery, opens and clicks (keyset pages in send order). */
export async function campaignRecipients(db: Database, businessId: string, id: string, query: ListQuery) {
  const campaign = await findCampaign(db, businessId, id);
  const rows = await db
    .select({
      send: messageSends,
      at: cursorText(messageSends.createdAt),
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(messageSends)
    .leftJoin(customers, eq(customers.id, messageSends.customerId))
    .where(and(eq(messageSends.campaignId, campaign.id), afterCursor(query.cursor, SEND_ORDER, 'asc')))
    .orderBy(messageSends.createdAt, messageSends.id)
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.send.id]);
  return {
    items: page.items.map(({ send, firstName, lastName }) => ({
      id: send.id,
      customerName: firstName ? `${firstName} ${lastName}` : 'Deleted customer',
      to: send.to,
      status: send.status,
      error: send.error,
      sentAt: send.sentAt?.toISOString() ?? null,
      openedAt: send.openedAt?.toISOString() ?? null,
      openCount: send.openCount,
      clickCount: send.clickCount,
    })),
    nextCursor: page.nextCursor,
  };
}

type TemplateRow = typeof messageTemplates.$inferSelect;
const toTemplate = (t: TemplateRow): MessageTemplate => ({
  id: t.id,
  name: t.name,
  type: t.type,
  category: t.category,
  subject: t.subject,
  content: t.content,
  builtIn: false,
});

/** §3's built-ins first, then the owner's own, newest first. */
export async function listTemplates(db: Database, businessId: string) {
  const own = await db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.businessId, businessId))
    .orderBy(desc(messageTemplates.createdAt), desc(messageTemplates.id));
  return { items: [...BUILT_IN_TEMPLATES, ...own.map(toTemplate)], nextCursor: null };
}

async function findTemplate(db: Database, businessId: string, id: string) {
  assertUuid(id, TEMPLATE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.businessId, businessId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

const templateValues = (input: TemplateInput) => {
  const v = templateInputSchema.parse(input);
  return { ...v, subject: v.type === 'email' ? v.subject : null };
};

export async function createTemplate(db: Database, businessId: string, input: TemplateInput) {
  const [row] = await db
    .insert(messageTemplates)
    .values({ businessId, ...templateValues(input) })
    .returning();
  return toTemplate(row!);
}

export async function updateTemplate(db: Database, businessId: string, id: string, input: TemplateInput) {
  await findTemplate(db, businessId, id);
  const [row] = await db
    .update(messageTemplates)
    .set(templateValues(input))
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.businessId, businessId)))
    .returning();
  return toTemplate(row!);
}

export async function deleteTemplate(db: Database, businessId: string, id: string) {
  await findTemplate(db, businessId, id);
  await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.businessId, businessId)));
}
