import { sql } from 'drizzle-orm';
import type { Insight } from '../../../shared/insights';
import { MAX_FINDINGS } from '../../../shared/insights';
import { formatCents } from '../../../shared/money';
import { addDays, weekdayIndex, zonedTimeToUtc } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { invoiceAging, ownerAnalytics } from '../analytics/owner-analytics.service';
import { getScheduling } from '../bookings/scheduling/scheduling.service';

// The rules behind the weekly digest (docs/decisions/1241). Each reads the business's own rows in SQL and returns a
// finding only when there is something to act on; the text is built from the figures it returns, nothing else.

const n = (v: unknown) => Number(v ?? 0);
const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pct = (x: number) => Math.round(x * 100);
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** The Monday on or before a calendar date. */
export const mondayOf = (date: string) => addDays(date, -((weekdayIndex(date) + 6) % 7));

/** The campaigns screen's New Campaign form, filled in (the owner still reviews and sends it). */
const campaignDraft = (name: string, message: string) =>
  `/campaigns?new=1&name=${encodeURIComponent(name)}&message=${encodeURIComponent(message)}`;

interface RuleContext {
  db: DbOrTx;
  businessId: string;
  timeZone: string;
  /** The Monday of the digest's week, in the business's zone. */
  weekStart: string;
}

const instant = (c: RuleContext, date: string) =>
  sql`${zonedTimeToUtc(date, '00:00', c.timeZone).toISOString()}::timestamptz`;

const WEEKS_LOOKED_AT = 8;

/** The open weekday booked least, against the one booked most, over the last 8 full weeks (booked ÷ open hours). */
async function quietWeekday(c: RuleContext): Promise<Insight | null> {
  const rules = await getScheduling(c.db, c.businessId);
  const from = addDays(c.weekStart, -7 * WEEKS_LOOKED_AT);
  const rows = await rowsOf<{ dow: number; minutes: number; bookings: number }>(
    c.db,
    sql`select extract(dow from scheduled_at at time zone ${c.timeZone})::int as dow,
        sum(duration_minutes) as minutes, count(*) as bookings
      from bookings where business_id = ${c.businessId} and status not in ('cancelled', 'no_show')
        and scheduled_at >= ${instant(c, from)} and scheduled_at < ${instant(c, c.weekStart)}
      group by 1`,
  );
  if (rows.reduce((sum, r) => sum + n(r.bookings), 0) < 5) return null;
  const closed = new Set(rules.closedDates);
  const days = rules.weeklyHours.flatMap((hours, dow) => {
    if (!hours) return [];
    let openDays = 0;
    for (let k = 0; k < 7 * WEEKS_LOOKED_AT; k++) {
      const date = addDays(from, k);
      if (weekdayIndex(date) === dow && !closed.has(date)) openDays++;
    }
    const capacity = (minutesOf(hours.close) - minutesOf(hours.open)) * rules.capacity * openDays;
    if (capacity <= 0) return [];
    const booked = n(rows.find((r) => n(r.dow) === dow)?.minutes);
    return [{ dow, fill: Math.min(1, booked / capacity) }];
  });
  if (days.length < 2) return null;
  const sorted = [...days].sort((a, b) => a.fill - b.fill || a.dow - b.dow);
  const quiet = sorted[0]!;
  const busy = sorted[sorted.length - 1]!;
  if (busy.fill - quiet.fill < 0.3 || quiet.fill >= 0.5) return null;
  const day = DAY_NAMES[quiet.dow]!;
  const figures = {
    quietFillPercent: pct(quiet.fill),
    busyFillPercent: pct(busy.fill),
    weeks: WEEKS_LOOKED_AT,
  };
  return {
    kind: 'quiet_weekday',
    text: `${day}s were ${figures.quietFillPercent}% booked over the last ${WEEKS_LOOKED_AT} weeks, against ${figures.busyFillPercent}% on ${DAY_NAMES[busy.dow]}s — an offer for ${day}s could fill them.`,
    figures,
    action: {
      label: `Send a ${day} promo`,
      href: campaignDraft(
        `${day} offer`,
        `This ${day} only: book your detail and we come to you. Reply or book online to claim your spot.`,
      ),
    },
  };
}

/** Customers whose last ceramic coating was 5 to 7 months ago and who have booked nothing since. */
async function topUpDue(c: RuleContext): Promise<Insight | null> {
  const [row] = await rowsOf<{ customers: number }>(
    c.db,
    sql`with last_coating as (
        select customer_id, max(scheduled_at) as at from bookings
        where business_id = ${c.businessId} and status = 'completed' and customer_id is not null
          and service_name ilike '%ceramic%'
        group by customer_id
      )
      select count(*) as customers from last_coating lc
      where lc.at >= ${instant(c, addDays(c.weekStart, -213))} and lc.at < ${instant(c, addDays(c.weekStart, -152))}
        and not exists (
          select 1 from bookings b where b.business_id = ${c.businessId} and b.customer_id = lc.customer_id
            and b.scheduled_at > lc.at and b.status not in ('cancelled', 'no_show')
        )`,
  );
  const customers = n(row?.customers);
  if (customers === 0) return null;
  return {
    kind: 'top_up_due',
    text: `${customers} ${customers === 1 ? 'customer is' : 'customers are'} due for their 6-month ceramic top-up (coated 5 to 7 months ago, nothing booked since).`,
    figures: { customers },
    action: {
      label: 'Offer a top-up',
      href: campaignDraft(
        'Ceramic top-up',
        "It's been about six months since your ceramic coating. A top-up keeps the shine and the protection — book yours today.",
      ),
    },
  };
}

/** Customers who used to book, last served 3 to 12 months ago, with nothing booked since. */
async function lapsedCustomers(c: RuleContext): Promise<Insight | null> {
  const [row] = await rowsOf<{ customers: number; spent: number }>(
    c.db,
    sql`with served as (
        select customer_id, max(scheduled_at) as last_at, sum(coalesce(final_price_cents, quoted_price_cents)) as spent
        from bookings where business_id = ${c.businessId} and status = 'completed' and customer_id is not null
        group by customer_id
      )
      select count(*) as customers, coalesce(sum(spent), 0) as spent from served s
      where s.last_at >= ${instant(c, addDays(c.weekStart, -365))} and s.last_at < ${instant(c, addDays(c.weekStart, -90))}
        and not exists (
          select 1 from bookings b where b.business_id = ${c.businessId} and b.customer_id = s.customer_id
            and b.scheduled_at > s.last_at and b.status not in ('cancelled', 'no_show')
        )`,
  );
  const customers = n(row?.customers);
  if (customers < 3) return null;
  const spentCents = n(row?.spent);
  return {
    kind: 'lapsed_customers',
    text: `${customers} customers who used to book have not been back for 3 months or more; together they spent ${formatCents(spentCents)} with you.`,
    figures: { customers, spentCents },
    action: { label: 'Set up win-back', href: '/campaigns?tab=automations' },
  };
}

/** Items at or below their alert level, or with less stock than a week of the last 4 weeks' job use. */
async function stockRunningOut(c: RuleContext): Promise<Insight | null> {
  const rows = await rowsOf<{ name: string }>(
    c.db,
    sql`with used as (
        select inventory_item_id, sum(-change) / 4.0 as weekly from stock_movements
        where business_id = ${c.businessId} and reason = 'job'
          and created_at >= ${instant(c, addDays(c.weekStart, -28))}
        group by inventory_item_id
      )
      select i.name from inventory_items i left join used u on u.inventory_item_id = i.id
      where i.business_id = ${c.businessId}
        and (i.current_stock <= i.min_stock_alert or (u.weekly > 0 and i.current_stock < u.weekly))
      order by i.current_stock, lower(i.name)`,
  );
  if (rows.length === 0) return null;
  const names = rows.slice(0, 3).map((r) => r.name);
  const more = rows.length - names.length;
  const listed = more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
  return {
    kind: 'stock_running_out',
    text: `${rows.length} ${rows.length === 1 ? 'item is' : 'items are'} at or below the alert level or will run out this week at the rate jobs use them: ${listed}.`,
    figures: { items: rows.length },
    action: { label: 'Review inventory', href: '/inventory' },
  };
}

/** Invoices more than 30 days past due, from the same aging as Analytics. */
async function overdueInvoices(c: RuleContext): Promise<Insight | null> {
  const aging = await invoiceAging(c.db, c.businessId);
  const late = aging.filter((b) => b.bucket === '31-60' || b.bucket === '60+');
  const invoices = late.reduce((sum, b) => sum + b.invoices, 0);
  const balanceCents = late.reduce((sum, b) => sum + b.balanceCents, 0);
  if (invoices === 0) return null;
  return {
    kind: 'overdue_invoices',
    text: `${invoices} ${invoices === 1 ? 'invoice is' : 'invoices are'} more than 30 days past due, ${formatCents(balanceCents)} in all.`,
    figures: { invoices, balanceCents },
    action: { label: 'Open invoices', href: '/invoices' },
  };
}

/** The last 4 full weeks' revenue against the 4 before, from the same query as Analytics; only a clear change. */
async function revenueTrend(c: RuleContext): Promise<Insight | null> {
  const period = { from: addDays(c.weekStart, -28), to: addDays(c.weekStart, -1) };
  const { summary, previousSummary } = await ownerAnalytics(c.db, c.businessId, period);
  const now = summary.revenueCents;
  const before = previousSummary.revenueCents;
  if (before < 10_000) return null;
  const change = (now - before) / before;
  if (Math.abs(change) < 0.15) return null;
  const figures = { revenueCents: now, previousRevenueCents: before, changePercent: pct(Math.abs(change)) };
  return {
    kind: 'revenue_trend',
    text: `Revenue over the last 4 weeks was ${formatCents(now)}, ${change > 0 ? 'up' : 'down'} ${figures.changePercent}% on the 4 weeks before (${formatCents(before)}).`,
    figures,
    action: change < 0 ? { label: 'See analytics', href: '/analytics' } : null,
  };
}

/** Most urgent first: money owed, stock, customers to bring back, then how the calendar and revenue look. */
const RULES = [overdueInvoices, stockRunningOut, topUpDue, lapsedCustomers, quietWeekday, revenueTrend];

export async function findInsights(c: RuleContext): Promise<Insight[]> {
  const found = await Promise.all(RULES.map((rule) => rule(c)));
  return found.filter((f): f is Insight => f !== null).slice(0, MAX_FINDINGS);
}
