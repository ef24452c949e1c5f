import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { ADD_ON_TEXT } from '../../../shared/add-ons';
import { requireOwner, requireUser } from '../../access/guards';
import type { DbOrTx } from '../../db/client';
import { readDbOf } from '../../http/context';
import { csvOf } from '../../http/csv';
import { paymentRequired } from '../../http/errors';
import { createRouter, errorResponses } from '../../http/openapi';
import { hasCrmBooster } from '../billing/add-ons.service';

// The CRM booster pack's export (§9 add-on, docs/decisions/0953): every customer of the business as CSV.

/** The business's customers with their vehicles, bookings and last visit, oldest customer first. Aggregates in SQL. */
type CustomerRow = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  vehicles: string | null;
  bookings: number;
  last_booking: string | null;
  created_at: string;
};

async function customerRows(db: DbOrTx, businessId: string): Promise<CustomerRow[]> {
  const res = await db.execute<CustomerRow>(sql`
    select c.first_name, c.last_name, c.email, c.phone, c.address,
      (select string_agg(trim(coalesce(v.year::text, '') || ' ' || v.make || ' ' || v.model), '; ' order by v.make, v.model)
         from customer_vehicles v where v.business_id = c.business_id and v.customer_id = c.id) as vehicles,
      (select count(*)::int from bookings b where b.business_id = c.business_id and b.customer_id = c.id) as bookings,
      (select to_char(max(b.scheduled_at) at time zone 'UTC', 'YYYY-MM-DD') from bookings b
         where b.business_id = c.business_id and b.customer_id = c.id and b.status = 'completed') as last_booking,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_at
    from customers c where c.business_id = ${businessId}
    order by c.created_at, c.id`);
  return (res as unknown as { rows: CustomerRow[] }).rows;
}

const exportRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags: ['Customers'],
  summary: 'Every customer as CSV (the CRM booster pack; 402 without it)',
  middleware: [requireOwner] as const,
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
  },
});

const router = createRouter();
router.use('*', requireUser);

/** /api/customers/export.csv, mounted before the customer routes (their /{id} would take the path). */
export const customersExportApi = router.openapi(exportRoute, async (c) => {
  const { db } = c.var.deps;
  if (!(await hasCrmBooster(db, c.var.businessId))) throw paymentRequired(ADD_ON_TEXT.exportNeedsBooster);
  // The rows from the read replica when there is one (decision 1322): an export tolerates a second of lag; the
  // booster check above stays on the primary (a pack just bought is read back at once).
  const rows = await customerRows(readDbOf(c.var.deps), c.var.businessId);
  const csv = csvOf([
    [
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Address',
      'Vehicles',
      'Bookings',
      'Last completed booking',
      'Customer since',
    ],
    ...rows.map((r) => [
      r.first_name,
      r.last_name,
      r.email,
      r.phone,
      r.address,
      r.vehicles,
      Number(r.bookings),
      r.last_booking,
      r.created_at,
    ]),
  ]);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', 'attachment; filename="customers.csv"');
  c.header('Cache-Control', 'no-store');
  return c.body(csv, 200);
});
