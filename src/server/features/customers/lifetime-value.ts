import { type SQL, sql } from 'drizzle-orm';
import { bookings, invoicePayments, invoices, quotes } from '../../db/schema';

/**
 * A customer's lifetime value: all money received from them, net of refunds, in cents — the one definition
 * (docs/decisions/0948) read by the customer dialog, the CRM and loyalty lists and the loyalty tier.
 *
 * - A booking counts its price (final, else quoted) plus its tip once it is paid (online checkout or recorded
 *   offline) or completed — unless it is cancelled (a paid booking is refunded when cancelled, decision 405), and
 *   unless it is unpaid and invoiced, in which case what the invoice received counts instead.
 * - Every invoice payment counts its amount plus its tip, deposits carried from a quote included; points redeemed
 *   as a payment ('loyalty') are not money and do not. The owner's refunds of an invoice (decision 1190) come off.
 * - A paid quote deposit not yet carried to an invoice counts its deposit.
 *
 * `customerId` defaults to the surrounding query's `customers.id`; the expression is one scalar subquery per
 * customer, answered from the customer_id indexes of bookings, invoices and quotes.
 */
const OUTER_CUSTOMER_ID = sql`${sql.identifier('customers')}.${sql.identifier('id')}`;

export function lifetimeValueCents(customerId: SQL = OUTER_CUSTOMER_ID): SQL<number> {
  // Written with its own aliases: drizzle leaves columns unqualified in a one-table select, where "id" would
  // resolve to the subquery's own table.
  return sql<number>`(
    (select coalesce(sum(coalesce(b.final_price_cents, b.quoted_price_cents) + b.tip_cents), 0)
       from ${bookings} b
      where b.customer_id = ${customerId}
        and b.status <> 'cancelled'
        and (b.payment_session_id is not null
          or b.paid_offline_at is not null
          or (b.status = 'completed'
            and not exists (select 1 from ${invoices} bi where bi.booking_id = b.id and bi.status <> 'void'))))
    + (select coalesce(sum(p.amount_cents + p.tip_cents), 0)
         from ${invoicePayments} p join ${invoices} i on i.id = p.invoice_id
        where i.customer_id = ${customerId} and p.method <> 'loyalty')
    - (select coalesce(sum(ri.refunded_cents), 0)
         from ${invoices} ri
        where ri.customer_id = ${customerId} and ri.refunded_cents > 0)
    + (select coalesce(sum(q.deposit_cents), 0)
         from ${quotes} q
        where q.customer_id = ${customerId}
          and q.deposit_paid_at is not null
          and not exists (select 1 from ${invoices} qi where qi.quote_id = q.id))
  )`.mapWith(Number);
}
