import { type SQL, sql } from 'drizzle-orm';
import { type OwnerPeriod, previousPeriod } from '../../../shared/owner-analytics';
import { addDays, DEFAULT_TIME_ZONE, zonedTimeToUtc } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';

// The owner's analytics (docs/decisions/1191): every figure is SQL over one scope of bookings — those whose
// appointment falls in the period in the business's time zone — so revenue by week, by service and by technician
// are groupings of the same rows and always add up to the total. Revenue is a completed booking's price (bookings
// carry no tax) less what was refunded on its invoice, tips apart; cancelled and no-show bookings count as lost.

const rowsOf = async <T>(db: DbOrTx, query: SQL) => (await db.execute(query)).rows as T[];
const n = (v: unknown) => Number(v ?? 0);

/**
 * The period's instants in the business's zone (from 00:00 of `from` to 00:00 after `to`), computed here so that
 * the planner sees constants and reads bookings_business_scheduled_idx's range; the zone for grouping, as a value.
 */
function boundsIn(timeZone: string, p: OwnerScope) {
  const fromAt = zonedTimeToUtc(p.from, '00:00', timeZone).toISOString();
  const toAt = zonedTimeToUtc(addDays(p.to, 1), '00:00', timeZone).toISOString();
  return {
    tz: sql`${timeZone}::text`,
    fromAt: sql`${fromAt}::timestamptz`,
    toAt: sql`${toAt}::timestamptz`,
    timeZone,
    /** `and <alias>.location_id = …` when one location is asked for, else nothing (decision 1311). */
    atLocation: (alias: string) =>
      p.locationId ? sql` and ${sql.identifier(alias)}.location_id = ${p.locationId}::uuid` : sql``,
  };
}

/**
 * A period of the business's days, optionally narrowed to one of its locations (decision 1311: bookings carry their
 * location, decision 1280). The location's id is checked against the business by the route before it gets here.
 */
export type OwnerScope = OwnerPeriod & { locationId?: string | null };

async function zoneOf(db: DbOrTx, businessId: string) {
  const [row] = await rowsOf<{ time_zone: string }>(
    db,
    sql`select time_zone from profiles where id = ${businessId}`,
  );
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

type Bounds = ReturnType<typeof boundsIn>;

/**
 * The bookings of the period with their figures: `revenue` (completed: price less its invoice's refunds, never
 * below 0), `tips` (completed: the booking's and its invoice's), `refunded`, `lost` (cancelled or no-show: the price).
 */
function scope(businessId: string, b: Bounds, name = 'scope') {
  const { tz, fromAt, toAt, atLocation } = b;
  return sql`${sql.identifier(name)} as (
    select b.id, b.customer_id, b.service_id, b.service_name, b.status, b.duration_minutes,
      (b.scheduled_at at time zone ${tz}) as local_at,
      coalesce(b.final_price_cents, b.quoted_price_cents) as price,
      case when b.status = 'completed'
        then coalesce(b.final_price_cents, b.quoted_price_cents)
          - least(coalesce(b.final_price_cents, b.quoted_price_cents), coalesce(i.refunded_cents, 0))
        else 0 end as revenue,
      case when b.status = 'completed' then b.tip_cents + coalesce(i.tip_cents, 0) else 0 end as tips,
      case when b.status = 'completed'
        then least(coalesce(b.final_price_cents, b.quoted_price_cents), coalesce(i.refunded_cents, 0))
        else 0 end as refunded,
      case when b.status in ('cancelled', 'no_show') then coalesce(b.final_price_cents, b.quoted_price_cents) else 0 end as lost
    from bookings b
    left join invoices i on i.booking_id = b.id and i.business_id = ${businessId}
    where b.business_id = ${businessId} and b.scheduled_at >= ${fromAt} and b.scheduled_at < ${toAt}${atLocation('b')}
  )`;
}

export interface OwnerSummary {
  revenueCents: number;
  tipsCents: number;
  refundsCents: number;
  bookings: number;
  completedBookings: number;
  averageTicketCents: number;
  customers: number;
  newCustomers: number;
  returningCustomers: number;
  /** Returning ÷ customers served in the period. */
  repeatRate: number | null;
  /** Of the customers served in the previous period, the share served again in this one. */
  retention: number | null;
}

/**
 * From this many days on, the customer figures read the business's completed bookings once, grouped by customer
 * (`oneCustomerPass`); below it, a probe per customer served is cheaper (`customersByProbe`). Both give the same
 * figures (owner-analytics-location.test.ts checks both against a recomputation); decision 1310 has the measurements.
 */
export const ONE_CUSTOMER_PASS_DAYS = 120;

const daysOf = (p: OwnerPeriod) => Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000) + 1;

/**
 * For a long period, one grouped pass over the business's completed bookings up to the period's end: a row per
 * customer with three flags (served in the period, served before it, served in the period just before), counted.
 */
function oneCustomerPass(businessId: string, b: Bounds, prevFromAt: SQL | null) {
  const { fromAt, toAt, atLocation } = b;
  const inPrev = prevFromAt
    ? sql`bool_or(c.scheduled_at >= ${prevFromAt} and c.scheduled_at < ${fromAt}${atLocation('c')})`
    : sql`false`;
  return sql`per_customer as (
      -- The ORDER BY makes the grouping sorted rather than hashed, so PostgreSQL reads the customers in
      -- bookings_completed_customer_idx's order from the index alone (its estimate prefers a sequential scan and a
      -- hash, measured 2-3x slower; decision 1310).
      select bool_or(c.scheduled_at >= ${fromAt}${atLocation('c')}) as served,
        bool_or(c.scheduled_at < ${fromAt} order by c.scheduled_at) as before,
        ${inPrev} as previous
      from bookings c
      where c.business_id = ${businessId} and c.status = 'completed' and c.customer_id is not null
        and c.scheduled_at < ${toAt}
      group by c.customer_id
    ),
    customer_counts as (
      select count(*) filter (where served) as customers,
        count(*) filter (where served and before) as returning,
        count(*) filter (where previous) as prev_customers,
        count(*) filter (where previous and served) as retained
      from per_customer
    )`;
}

/**
 * For a short period, the customers served (from the scope), one probe of bookings_completed_customer_idx each for
 * "served before" (decision 1254), and the previous period's customers from its own range.
 */
function customersByProbe(businessId: string, b: Bounds, prevFromAt: SQL | null) {
  const { fromAt, atLocation } = b;
  const previous = prevFromAt
    ? sql`select distinct c.customer_id from bookings c
        where c.business_id = ${businessId} and c.status = 'completed' and c.customer_id is not null
          and c.scheduled_at >= ${prevFromAt} and c.scheduled_at < ${fromAt}${atLocation('c')}`
    : sql`select null::uuid as customer_id where false`;
  return sql`served as (select distinct customer_id from scope where status = 'completed' and customer_id is not null),
    previous as (${previous}),
    customer_counts as (
      select (select count(*) from served) as customers,
        (select count(*) from served s where exists (select 1 from bookings x
          where x.business_id = ${businessId} and x.customer_id = s.customer_id and x.status = 'completed'
            and x.scheduled_at < ${fromAt})) as returning,
        (select count(*) from previous) as prev_customers,
        (select count(*) from previous join served using (customer_id)) as retained
    )`;
}

/**
 * The period's figures (decision 1310): one aggregate over the period's bookings for the money and the counts, and
 * the customer figures by whichever of the two ways is cheaper for the period's length. With a location, "served"
 * and "previous" are at that location; "before" is anywhere in the business (a customer new to a location but not to
 * the business is returning).
 */
async function summaryOf(
  db: DbOrTx,
  businessId: string,
  timeZone: string,
  p: OwnerScope,
  withRetention = true,
  onePass = daysOf(p) >= ONE_CUSTOMER_PASS_DAYS,
): Promise<OwnerSummary> {
  const b = boundsIn(timeZone, p);
  // Retention reads the period before this one (the comparison period's own is not shown: not asked for).
  const prevFromAt = withRetention ? boundsIn(timeZone, previousPeriod(p)).fromAt : null;
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, b)},
      figures as (
        select coalesce(sum(revenue), 0) as revenue, coalesce(sum(tips), 0) as tips,
          coalesce(sum(refunded), 0) as refunded,
          count(*) filter (where status not in ('cancelled', 'no_show')) as bookings,
          count(*) filter (where status = 'completed') as completed
        from scope
      ),
      ${onePass ? oneCustomerPass(businessId, b, prevFromAt) : customersByProbe(businessId, b, prevFromAt)}
    select * from figures, customer_counts`,
  );
  const r = row ?? {};
  const completed = n(r.completed);
  const customers = n(r.customers);
  const returning = n(r.returning);
  const prevCustomers = n(r.prev_customers);
  return {
    revenueCents: n(r.revenue),
    tipsCents: n(r.tips),
    refundsCents: n(r.refunded),
    bookings: n(r.bookings),
    completedBookings: completed,
    averageTicketCents: completed ? Math.round(n(r.revenue) / completed) : 0,
    customers,
    newCustomers: customers - returning,
    returningCustomers: returning,
    repeatRate: customers ? returning / customers : null,
    retention: prevCustomers ? n(r.retained) / prevCustomers : null,
  };
}

export interface SeriesPoint {
  start: string;
  revenueCents: number;
  tipsCents: number;
  completedBookings: number;
  averageTicketCents: number;
}

async function seriesOf(
  db: DbOrTx,
  businessId: string,
  timeZone: string,
  p: OwnerScope,
  unit: 'week' | 'month',
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, boundsIn(timeZone, p))}
    select to_char(date_trunc(${unit}, local_at), 'YYYY-MM-DD') as start,
      sum(revenue) as revenue, sum(tips) as tips, count(*) filter (where status = 'completed') as completed
    from scope group by 1 order by 1`,
  );
  return rows.map(
    (r): SeriesPoint => ({
      start: String(r.start),
      revenueCents: n(r.revenue),
      tipsCents: n(r.tips),
      completedBookings: n(r.completed),
      averageTicketCents: n(r.completed) ? Math.round(n(r.revenue) / n(r.completed)) : 0,
    }),
  );
}

/** The basic view (every plan): revenue, bookings and customers, with the previous period and weekly/monthly series. */
export async function ownerAnalytics(
  db: DbOrTx,
  businessId: string,
  period: OwnerPeriod,
  locationId: string | null = null,
) {
  const timeZone = await zoneOf(db, businessId);
  const previous = previousPeriod(period);
  const scoped = { ...period, locationId };
  const [summary, previousSummary, weekly, monthly] = await Promise.all([
    summaryOf(db, businessId, timeZone, scoped),
    summaryOf(db, businessId, timeZone, { ...previous, locationId }, false),
    seriesOf(db, businessId, timeZone, scoped, 'week'),
    seriesOf(db, businessId, timeZone, scoped, 'month'),
  ]);
  return { period, previous, summary, previousSummary, weekly, monthly };
}

/**
 * Minutes worked on each completed job of the scope: the timesheet's job entries where there are any (the owner's
 * corrections stick, decision 1180), else the field app's first check-in to last check-out; null when neither exists.
 */
function jobTime(businessId: string) {
  // Set-based (one grouped pass over each table, hash-joined), not a lookup per job: 12 months of jobs took ~470 ms
  // per-row on PGlite at 100,000 bookings (docs/decisions/1254).
  return sql`done_ids as (select id from scope where status = 'completed'),
    job_entries as (
      select te.booking_id, sum(extract(epoch from te.ended_at - te.started_at)) as seconds
      from time_entries te
      where te.business_id = ${businessId} and te.kind = 'job' and te.ended_at is not null
        and te.booking_id in (select id from done_ids)
      group by te.booking_id
    ),
    job_checks as (
      select fe.booking_id, extract(epoch from max(fe.device_time) filter (where fe.kind = 'check_out')
          - min(fe.device_time) filter (where fe.kind = 'check_in')) as seconds
      from field_events fe
      where fe.business_id = ${businessId} and fe.booking_id in (select id from done_ids)
      group by fe.booking_id
    ),
    job_time as (
      select d.id as booking_id, case when coalesce(je.seconds, jc.seconds) is null then null
        else greatest(0, coalesce(je.seconds, jc.seconds)) / 60.0 end as minutes
      from done_ids d
      left join job_entries je on je.booking_id = d.id
      left join job_checks jc on jc.booking_id = d.id
    )`;
}

/** The owner's labour cost per hour in cents, or null when none is set (docs/decisions/1240). */
export async function labourRateOf(db: DbOrTx, businessId: string): Promise<number | null> {
  const [row] = await rowsOf<{ hourly_cost_cents: number }>(
    db,
    sql`select hourly_cost_cents from labour_rates where business_id = ${businessId}`,
  );
  return row ? n(row.hourly_cost_cents) : null;
}

export async function saveLabourRate(db: DbOrTx, businessId: string, hourlyCostCents: number) {
  await db.execute(
    sql`insert into labour_rates (business_id, hourly_cost_cents) values (${businessId}, ${hourlyCostCents})
      on conflict (business_id) do update set hourly_cost_cents = excluded.hourly_cost_cents, updated_at = now()`,
  );
  return { hourlyCostCents };
}

/** Minutes × cents per hour, rounded to the cent once per figure (half up). */
const labourCost = (minutes: number, hourlyCostCents: number) => Math.round((minutes * hourlyCostCents) / 60);
const hours = (minutes: number) => Math.round(minutes / 6) / 10;

async function byService(
  db: DbOrTx,
  businessId: string,
  timeZone: string,
  p: OwnerScope,
  hourlyCostCents: number | null,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, boundsIn(timeZone, p))},
      materials as (
        select sm.booking_id, sum(-sm.change * coalesce(ii.unit_cost_cents, 0)) as cost
        from stock_movements sm join inventory_items ii on ii.id = sm.inventory_item_id
        where sm.business_id = ${businessId} and sm.reason = 'job' and sm.booking_id in (select id from scope where status = 'completed')
        group by sm.booking_id
      ),
      ${jobTime(businessId)}
    select coalesce(s.service_id::text, s.service_name) as key, min(s.service_name) as name,
      count(*) as completed, sum(s.revenue) as revenue, coalesce(sum(m.cost), 0) as materials,
      sum(jt.minutes) as labour_minutes
    from scope s left join materials m on m.booking_id = s.id left join job_time jt on jt.booking_id = s.id
    where s.status = 'completed'
    group by 1 order by revenue desc, name`,
  );
  return rows.map((r) => {
    // No job of the service has a recorded time: labour is unknown ("—"), not free.
    const minutes = r.labour_minutes === null ? null : n(r.labour_minutes);
    const labourCents =
      minutes === null || hourlyCostCents === null ? null : labourCost(minutes, hourlyCostCents);
    return {
      serviceKey: String(r.key),
      serviceName: String(r.name),
      completedBookings: n(r.completed),
      revenueCents: n(r.revenue),
      materialsCents: n(r.materials),
      labourHours: minutes === null ? null : hours(minutes),
      labourCents,
      profitCents: n(r.revenue) - n(r.materials) - (labourCents ?? 0),
    };
  });
}

async function byTechnician(db: DbOrTx, businessId: string, timeZone: string, p: OwnerScope) {
  const b = boundsIn(timeZone, p);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, b)},
      ${jobTime(businessId)},
      shifts as (
        select te.technician_id, sum(extract(epoch from te.ended_at - te.started_at)) / 60.0 as minutes
        from time_entries te
        where te.business_id = ${businessId} and te.kind = 'shift' and te.ended_at is not null
          and te.started_at >= ${b.fromAt} and te.started_at < ${b.toAt}
        group by te.technician_id
      )
    select ba.technician_id as id, min(nullif(trim(u.first_name || ' ' || u.last_name), '')) as name, min(u.email) as email,
      count(*) as completed, sum(s.revenue) as revenue, sum(s.duration_minutes) as minutes,
      sum(jt.minutes) as job_minutes, min(sh.minutes) as shift_minutes,
      avg(t.rating) as rating, count(t.rating) as ratings
    from scope s
    left join booking_assignments ba on ba.booking_id = s.id and ba.business_id = ${businessId}
    left join "user" u on u.id = ba.technician_id
    left join booking_reviews br on br.booking_id = s.id and br.business_id = ${businessId}
    left join testimonials t on t.id = br.testimonial_id
    left join job_time jt on jt.booking_id = s.id
    left join shifts sh on sh.technician_id = ba.technician_id
    where s.status = 'completed'
    group by ba.technician_id order by revenue desc`,
  );
  return rows.map((r) => {
    const shiftMinutes = r.shift_minutes === null ? null : n(r.shift_minutes);
    return {
      technicianId: r.id === null ? null : String(r.id),
      name: r.id === null ? 'Unassigned' : String(r.name ?? r.email),
      completedBookings: n(r.completed),
      revenueCents: n(r.revenue),
      bookedHours: hours(n(r.minutes)),
      /** Recorded on the jobs (check-in to check-out, or the timesheet's job entries). */
      jobHours: r.job_minutes === null ? null : hours(n(r.job_minutes)),
      shiftHours: shiftMinutes === null ? null : hours(shiftMinutes),
      /** Booked hours of the completed jobs ÷ clocked shift hours; null without shifts. */
      utilisation: shiftMinutes ? n(r.minutes) / shiftMinutes : null,
      rating: r.ratings && n(r.ratings) > 0 ? Math.round(n(r.rating) * 10) / 10 : null,
    };
  });
}

/** Lifetime value by the month of each customer's first completed booking (cohorts starting in the last 12 months). */
async function cohorts(db: DbOrTx, businessId: string, timeZone: string, p: OwnerScope) {
  const { tz, toAt, atLocation } = boundsIn(timeZone, p);
  // Decision 1310: each customer's first completed booking from bookings_completed_customer_idx alone (sorted
  // grouping, as in oneCustomerPass), kept when it falls in the last 12 months; then only those customers' bookings
  // and their refunds are read. With a location: its bookings only (the first visit there, the value there).
  const done = (alias: string) =>
    sql`${sql.identifier(alias)}.business_id = ${businessId} and ${sql.identifier(alias)}.status = 'completed'
      and ${sql.identifier(alias)}.customer_id is not null and ${sql.identifier(alias)}.scheduled_at < ${toAt}${atLocation(alias)}`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with recent as (
        select c.customer_id, min(c.scheduled_at order by c.scheduled_at) as first_at
        from bookings c where ${done('c')}
        group by c.customer_id
        having min(c.scheduled_at) >= ${toAt} - interval '12 months'
      )
    select to_char(date_trunc('month', r.first_at at time zone ${tz}), 'YYYY-MM') as cohort,
      count(*) as customers, sum(v.bookings) as bookings, sum(v.revenue) as revenue
    from recent r
    -- A probe per recent customer (the planner cannot know how few the HAVING keeps; a hash join read every booking).
    cross join lateral (
      select count(*) as bookings,
        sum(coalesce(b.final_price_cents, b.quoted_price_cents)
          - least(coalesce(b.final_price_cents, b.quoted_price_cents), coalesce(i.refunded_cents, 0))) as revenue
      from bookings b
      left join invoices i on i.booking_id = b.id and i.business_id = ${businessId}
      where b.customer_id = r.customer_id and ${done('b')}
    ) v
    group by 1 order by 1`,
  );
  return rows.map((r) => ({
    cohort: String(r.cohort),
    customers: n(r.customers),
    bookings: n(r.bookings),
    revenueCents: n(r.revenue),
    lifetimeValueCents: n(r.customers) ? Math.round(n(r.revenue) / n(r.customers)) : 0,
  }));
}

async function quotesOf(db: DbOrTx, businessId: string, timeZone: string, p: OwnerScope) {
  const { fromAt, toAt } = boundsIn(timeZone, p);
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select count(*) as created, count(*) filter (where sent_at is not null) as sent,
      count(*) filter (where accepted_at is not null) as accepted,
      coalesce(sum(total_cents) filter (where accepted_at is not null), 0) as accepted_value,
      percentile_cont(0.5) within group (order by extract(epoch from accepted_at - sent_at) / 3600)
        filter (where accepted_at is not null and sent_at is not null) as median_hours
    from quotes where business_id = ${businessId} and created_at >= ${fromAt} and created_at < ${toAt}`,
  );
  const sent = n(r?.sent);
  return {
    created: n(r?.created),
    sent,
    accepted: n(r?.accepted),
    acceptedValueCents: n(r?.accepted_value),
    conversion: sent ? n(r?.accepted) / sent : null,
    medianHoursToAccept: r?.median_hours === null ? null : Math.round(n(r?.median_hours) * 10) / 10,
  };
}

async function cancellations(db: DbOrTx, businessId: string, timeZone: string, p: OwnerScope) {
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, boundsIn(timeZone, p))}
    select count(*) filter (where status = 'cancelled') as cancelled,
      count(*) filter (where status = 'no_show') as no_shows,
      coalesce(sum(lost) filter (where status = 'cancelled'), 0) as cancelled_value,
      coalesce(sum(lost) filter (where status = 'no_show'), 0) as no_show_value,
      count(*) as scheduled
    from scope`,
  );
  const scheduled = n(r?.scheduled);
  return {
    scheduled,
    cancelled: n(r?.cancelled),
    noShows: n(r?.no_shows),
    cancelledValueCents: n(r?.cancelled_value),
    noShowValueCents: n(r?.no_show_value),
    rate: scheduled ? (n(r?.cancelled) + n(r?.no_shows)) / scheduled : null,
  };
}

async function promoCodes(db: DbOrTx, businessId: string, timeZone: string, p: OwnerScope) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, boundsIn(timeZone, p))}
    select u.code, count(*) as bookings, coalesce(sum(s.revenue), 0) as revenue, coalesce(sum(u.discount_cents), 0) as discount
    from scope s
    join checkout_sessions cs on cs.booking_id = s.id and cs.business_id = ${businessId}
    join promo_code_uses u on u.checkout_session_id = cs.id and u.business_id = ${businessId}
    where s.status not in ('cancelled', 'no_show')
    group by u.code order by revenue desc, u.code`,
  );
  return rows.map((r) => ({
    code: String(r.code),
    bookings: n(r.bookings),
    revenueCents: n(r.revenue),
    discountCents: n(r.discount),
  }));
}

async function ratings(db: DbOrTx, businessId: string, p: OwnerPeriod) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select to_char(date_trunc('month', date_received), 'YYYY-MM') as month, avg(rating) as rating, count(*) as reviews
    from testimonials where business_id = ${businessId} and date_received between ${p.from}::date and ${p.to}::date
    group by 1 order by 1`,
  );
  return rows.map((r) => ({
    month: String(r.month),
    rating: Math.round(n(r.rating) * 100) / 100,
    reviews: n(r.reviews),
  }));
}

/** Open invoices' balances by days past due, as of now (not the period: aging is today's). */
export async function invoiceAging(db: DbOrTx, businessId: string, locationId?: string | null) {
  // With a location: the invoices of its bookings (an invoice without a booking belongs to no location).
  const atLocation = locationId
    ? sql` and booking_id in (select id from bookings where business_id = ${businessId} and location_id = ${locationId}::uuid)`
    : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select case
        when due_at >= now() then 'current'
        when now() - due_at <= interval '30 days' then '1-30'
        when now() - due_at <= interval '60 days' then '31-60'
        else '60+' end as bucket,
      count(*) as invoices, sum(total_cents - paid_cents) as balance
    from invoices where business_id = ${businessId} and status in ('unpaid', 'partially_paid')${atLocation}
    group by 1`,
  );
  const BUCKETS = [
    ['current', 'Not yet due'],
    ['1-30', '1–30 days'],
    ['31-60', '31–60 days'],
    ['60+', '60+ days'],
  ] as const;
  return BUCKETS.map(([bucket, label]) => {
    const r = rows.find((x) => x.bucket === bucket);
    return { bucket, label, invoices: n(r?.invoices), balanceCents: n(r?.balance) };
  });
}

/**
 * Each add-on's attach rate (docs/decisions/1255): of the period's booked (not cancelled, not no-show) bookings of its
 * service, the share that took it, and what it brought in. Add-ons archived since still show while they were taken.
 */
async function addOnAttach(db: DbOrTx, businessId: string, timeZone: string, p: OwnerScope) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${scope(businessId, boundsIn(timeZone, p))},
      booked as (select id, service_id from scope where status not in ('cancelled', 'no_show')),
      taken as (
        select a.add_on_id, count(*) as bookings, sum(a.price_cents) as revenue
        from booking_add_ons a join booked k on k.id = a.booking_id
        where a.business_id = ${businessId}
        group by a.add_on_id
      ),
      per_service as (select service_id, count(*) as bookings from booked group by service_id)
    select sa.id, sa.name, sv.name as service_name, coalesce(t.bookings, 0) as taken,
      coalesce(ps.bookings, 0) as service_bookings, coalesce(t.revenue, 0) as revenue
    from service_add_ons sa
    join services sv on sv.id = sa.service_id and sv.business_id = ${businessId}
    left join taken t on t.add_on_id = sa.id
    left join per_service ps on ps.service_id = sa.service_id
    where sa.business_id = ${businessId} and (sa.is_active or t.bookings is not null)
    order by sv.name, sa.name`,
  );
  return rows.map((r) => ({
    addOnId: String(r.id),
    name: String(r.name),
    serviceName: String(r.service_name),
    serviceBookings: n(r.service_bookings),
    bookings: n(r.taken),
    attachRate: n(r.service_bookings) ? n(r.taken) / n(r.service_bookings) : null,
    revenueCents: n(r.revenue),
  }));
}

/** The advanced view (Pro and Elite). */
export async function ownerAdvancedAnalytics(
  db: DbOrTx,
  businessId: string,
  period: OwnerPeriod,
  locationId: string | null = null,
) {
  const p = { ...period, locationId };
  const [timeZone, hourlyCostCents] = await Promise.all([
    zoneOf(db, businessId),
    labourRateOf(db, businessId),
  ]);
  const [services, technicians, cohortRows, quotes, cancelled, promos, ratingRows, aging, addOns] =
    await Promise.all([
      byService(db, businessId, timeZone, p, hourlyCostCents),
      byTechnician(db, businessId, timeZone, p),
      cohorts(db, businessId, timeZone, p),
      // Quotes and reviews carry no location: the business's, whatever the filter (decision 1311).
      quotesOf(db, businessId, timeZone, period),
      cancellations(db, businessId, timeZone, p),
      promoCodes(db, businessId, timeZone, p),
      ratings(db, businessId, period),
      invoiceAging(db, businessId, locationId),
      addOnAttach(db, businessId, timeZone, p),
    ]);
  return {
    period,
    hourlyCostCents,
    byService: services,
    byTechnician: technicians,
    cohorts: cohortRows,
    quotes,
    cancellations: cancelled,
    promoCodes: promos,
    ratings: ratingRows,
    invoiceAging: aging,
    addOns,
  };
}

/**
 * Each query of the two views by name, for `npm run bench -- --only=analytics` (timed one by one, in process).
 */
export const ownerAnalyticsQueries = {
  zoneOf,
  summaryOf,
  seriesOf,
  byService,
  byTechnician,
  cohorts,
  quotesOf,
  cancellations,
  promoCodes,
  ratings,
  invoiceAging,
  addOnAttach,
};
