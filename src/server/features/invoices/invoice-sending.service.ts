import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  INVOICE_REMINDER_DAYS,
  INVOICE_SEND_TEXT,
  type InvoiceReminderSettings,
  invoiceReminderSettingsSchema,
} from '../../../shared/invoice-sending';
import { nextAllowedSendTime } from '../../../shared/quiet-hours';
import { formatCalendarDate, utcToZoned } from '../../../shared/time';
import type { Database, DbOrTx } from '../../db/client';
import { customers, invoices, marketingConsents, messagingSettings } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import { invoiceOverdueSms, invoiceSentSms } from '../../emails/sms';
import type { AppDeps } from '../../http/context';
import { conflict } from '../../http/errors';
import {
  deliverQueued,
  type MessageRow,
  queueMessages,
  queueTransactionalEmail,
  queueTransactionalSms,
} from '../campaigns/automations/message-queue';
import { blockedPhones, consentedSmsNumber } from '../campaigns/consent.service';
import {
  DAY_MS,
  type DocumentBusiness,
  documentBusiness,
  invoiceNumberText,
  invoicePageUrl,
} from './documents';
import { findOwnInvoice, getInvoice, type InvoiceRow } from './invoices.service';

// Sending an invoice to its customer, and reminders of overdue invoices (decision 0956). Both are message_sends rows
// with a unique dedupe key (decision 610), so a replayed Send or a repeated tick never sends twice.

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'>;

const dueDateText = (inv: InvoiceRow, business: DocumentBusiness) =>
  formatCalendarDate(utcToZoned(inv.dueAt, business.timeZone).date, { weekday: false });

/** The customer's SMS number when they opted in to texts and did not text STOP; null otherwise. */
async function consentedPhone(db: DbOrTx, customerId: string | null) {
  if (!customerId) return null;
  const [row] = await db
    .select({
      phone: customers.phone,
      smsOptInAt: marketingConsents.smsOptInAt,
      smsPhone: marketingConsents.smsPhone,
    })
    .from(customers)
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(eq(customers.id, customerId));
  // Only for the number the opt-in was given for (decision 0936).
  return consentedSmsNumber(row, row?.phone);
}

/**
 * Sends the invoice with its pay link: email always, SMS with the customer's SMS consent. The first call marks it
 * sent (one conditional update decides); a replay, or a second click, returns the invoice unchanged and sends nothing.
 * The messages are written in the transaction of that update (decision 1331) and delivered after its commit.
 */
export async function sendInvoice(deps: Deps, businessId: string, id: string) {
  const inv = await findOwnInvoice(deps.db, businessId, id);
  if (inv.sentAt) return getInvoice(deps.db, businessId, inv.id);
  if (inv.status === 'void') throw conflict(INVOICE_SEND_TEXT.voided);
  if (inv.status === 'paid') throw conflict(INVOICE_SEND_TEXT.alreadyPaid);
  const messageIds = await deps.db.transaction((tx) => markSentAndQueue(deps, tx, businessId, inv.id));
  await deliverQueued(deps, messageIds);
  return getInvoice(deps.db, businessId, inv.id);
}

/** The invoice's sent mark and its email and SMS rows, in the caller's transaction; the rows' ids (none on a replay). */
async function markSentAndQueue(
  deps: Pick<Deps, 'publicUrl' | 'linkSecret'>,
  tx: DbOrTx,
  businessId: string,
  id: string,
) {
  const [claimed] = await tx
    .update(invoices)
    .set({ sentAt: new Date() })
    .where(
      and(
        eq(invoices.id, id),
        eq(invoices.businessId, businessId),
        isNull(invoices.sentAt),
        inArray(invoices.status, ['unpaid', 'partially_paid']),
      ),
    )
    .returning();
  if (!claimed) return [];

  const business = await documentBusiness(tx, businessId);
  const link = invoicePageUrl(deps, claimed.id);
  const number = invoiceNumberText(claimed.number);
  const due = dueDateText(claimed, business);
  const about = {
    businessName: business.name,
    number,
    balanceCents: claimed.totalCents - claimed.paidCents,
    due,
    link,
  };
  const base = { businessId, customerId: claimed.customerId, kind: 'invoice' as const };
  const email = await queueTransactionalEmail(tx, deps.publicUrl, {
    ...base,
    dedupeKey: `invoice:${claimed.id}:sent:email`,
    to: claimed.customerEmail.toLowerCase(),
    ...(await renderEmailRow(
      'invoice-sent',
      { ...about, customerName: claimed.customerName, businessPhone: business.phone },
      { db: tx, businessId, publicUrl: deps.publicUrl },
    )),
  });
  const sms = await queueTransactionalSms(tx, deps.publicUrl, {
    ...base,
    dedupeKey: `invoice:${claimed.id}:sent:sms`,
    phone: await consentedPhone(tx, claimed.customerId),
    body: invoiceSentSms(about),
  });
  return [...email, ...sms];
}

// ---------------------------------------------------------------------------------------------------------------
// Overdue reminders

export async function getInvoiceReminderSettings(
  db: DbOrTx,
  businessId: string,
): Promise<InvoiceReminderSettings> {
  const [row] = await db
    .select({ enabled: messagingSettings.invoiceReminders })
    .from(messagingSettings)
    .where(eq(messagingSettings.businessId, businessId));
  return { enabled: row?.enabled ?? false };
}

export async function saveInvoiceReminderSettings(
  db: Database,
  businessId: string,
  input: InvoiceReminderSettings,
) {
  const { enabled } = invoiceReminderSettingsSchema.parse(input);
  await db
    .insert(messagingSettings)
    .values({ businessId, invoiceReminders: enabled })
    .onConflictDoUpdate({
      target: messagingSettings.businessId,
      set: { invoiceReminders: enabled, updatedAt: new Date() },
    });
  return getInvoiceReminderSettings(db, businessId);
}

/** The reminder step due for an invoice `daysOverdue` days past due: the latest one reached, or null. */
export function dueReminderStep(daysOverdue: number): number | null {
  const reached = INVOICE_REMINDER_DAYS.filter((d) => d <= daysOverdue);
  return reached.length > 0 ? reached[reached.length - 1]! : null;
}

/**
 * Writes the reminders that are due now (run by the automations tick, decision 611): for each open invoice past its
 * due date, of a business with reminders on, the latest step reached (1, 7, 14 days). The dedupe key names the
 * invoice and the step, so each step goes out once however often the tick runs; a step missed (reminders turned on
 * late) is not sent after a later one. Email always; SMS with consent, inside quiet hours.
 */
export async function planInvoiceReminders(deps: Deps, now = new Date()) {
  const overdue = await deps.db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(
      messagingSettings,
      and(
        eq(messagingSettings.businessId, invoices.businessId),
        eq(messagingSettings.invoiceReminders, true),
      ),
    )
    .where(
      and(
        inArray(invoices.status, ['unpaid', 'partially_paid']),
        lt(invoices.dueAt, new Date(now.getTime() - INVOICE_REMINDER_DAYS[0] * DAY_MS)),
      ),
    );
  const businesses = new Map<string, DocumentBusiness>();
  const rows: MessageRow[] = [];
  for (const { invoice: inv } of overdue) {
    const step = dueReminderStep(Math.floor((now.getTime() - inv.dueAt.getTime()) / DAY_MS));
    if (step === null) continue;
    let business = businesses.get(inv.businessId);
    if (!business) {
      business = await documentBusiness(deps.db, inv.businessId);
      businesses.set(inv.businessId, business);
    }
    const link = invoicePageUrl(deps, inv.id);
    const number = invoiceNumberText(inv.number);
    const due = dueDateText(inv, business);
    const about = {
      businessName: business.name,
      number,
      balanceCents: inv.totalCents - inv.paidCents,
      due,
      link,
    };
    const base = {
      businessId: inv.businessId,
      customerId: inv.customerId,
      kind: 'invoice_reminder' as const,
    };
    const key = `invoice_reminder:${inv.id}:${step}`;
    rows.push({
      ...base,
      dedupeKey: `${key}:email`,
      channel: 'email',
      to: inv.customerEmail.toLowerCase(),
      ...(await renderEmailRow(
        'invoice-overdue',
        {
          ...about,
          customerName: inv.customerName,
          businessPhone: business.phone,
        },
        { db: deps.db, businessId: inv.businessId, publicUrl: deps.publicUrl },
      )),
      notBefore: now,
    });
    const phone = await consentedPhone(deps.db, inv.customerId);
    if (phone && !(await blockedPhones(deps.db, [phone])).has(phone))
      rows.push({
        ...base,
        dedupeKey: `${key}:sms`,
        channel: 'sms',
        to: phone,
        body: invoiceOverdueSms(about),
        notBefore: nextAllowedSendTime(now, business.timeZone),
      });
  }
  return queueMessages(deps.db, deps.publicUrl, rows);
}
