import { and, eq, inArray } from 'drizzle-orm';
import { toE164 } from '../../../shared/sms';
import type { Database, DbOrTx } from '../../db/client';
import { customers, marketingConsents, smsOptOuts } from '../../db/schema';

export type ConsentSource = 'booking_form' | 'owner' | 'unsubscribe_link' | 'sms_keyword';

export interface CustomerConsent {
  emailMarketing: boolean;
  emailSource: string | null;
  emailUpdatedAt: string | null;
  smsMarketing: boolean;
  smsSource: string | null;
  smsUpdatedAt: string | null;
  /** The number texted STOP: no SMS at all until START. */
  smsBlocked: boolean;
}

/**
 * Records a change of email and/or SMS marketing consent with its source and time. An SMS opt-in belongs to one
 * number (TCPA: the consent of the number's holder): `smsPhone`, or the customer's stored number when not given.
 */
export async function recordConsent(
  db: DbOrTx,
  businessId: string,
  customerId: string,
  change: { email?: boolean; sms?: boolean; smsPhone?: string | null; source: ConsentSource },
  now = new Date(),
) {
  // Nothing changed (an owner saving the same choices): nothing to write; an update of no column answered 500.
  if (change.email === undefined && change.sms === undefined) return;
  const email =
    change.email === undefined
      ? {}
      : { emailUnsubscribedAt: change.email ? null : now, emailSource: change.source, emailUpdatedAt: now };
  const smsPhone = change.sms
    ? toE164(change.smsPhone !== undefined ? change.smsPhone : await storedPhone(db, businessId, customerId))
    : null;
  const sms =
    change.sms === undefined
      ? {}
      : { smsOptInAt: change.sms ? now : null, smsPhone, smsSource: change.source, smsUpdatedAt: now };
  await db
    .insert(marketingConsents)
    .values({ customerId, businessId, ...email, ...sms })
    .onConflictDoUpdate({ target: marketingConsents.customerId, set: { ...email, ...sms } });
}

async function storedPhone(db: DbOrTx, businessId: string, customerId: string) {
  const [row] = await db
    .select({ phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId)));
  return row?.phone ?? null;
}

/**
 * The number a customer may be sent marketing SMS at: their stored number, when the opt-in was given for it. A
 * number changed since (by the owner, or merged from a booking) has no consent until its holder gives one.
 */
export function consentedSmsNumber(
  consent: { smsOptInAt: Date | null; smsPhone: string | null } | null | undefined,
  customerPhone: string | null | undefined,
): string | null {
  const phone = toE164(customerPhone);
  return phone && consent?.smsOptInAt && toE164(consent.smsPhone) === phone ? phone : null;
}

export async function blockedPhones(db: DbOrTx, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(inArray(smsOptOuts.phone, phones));
  return new Set(rows.map((r) => r.phone));
}

export async function getConsent(
  db: Database,
  businessId: string,
  customerId: string,
): Promise<CustomerConsent> {
  const [row] = await db
    .select({ consent: marketingConsents, phone: customers.phone })
    .from(customers)
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId)));
  const phone = toE164(row?.phone);
  const blocked = phone ? (await blockedPhones(db, [phone])).has(phone) : false;
  const c = row?.consent;
  return {
    emailMarketing: !c?.emailUnsubscribedAt,
    emailSource: c?.emailSource ?? null,
    emailUpdatedAt: c?.emailUpdatedAt?.toISOString() ?? null,
    smsMarketing: consentedSmsNumber(c, row?.phone) !== null && !blocked,
    smsSource: c?.smsSource ?? null,
    smsUpdatedAt: c?.smsUpdatedAt?.toISOString() ?? null,
    smsBlocked: blocked,
  };
}

export interface Audience {
  eligible: Array<{ customerId: string; firstName: string; lastName: string; to: string }>;
  skipped: number;
}

/**
 * Who may receive a marketing message on a channel: email to every customer who has not unsubscribed; SMS only to
 * customers with a recorded opt-in, a valid number, and no STOP from that number.
 */
export async function marketingAudience(
  db: DbOrTx,
  businessId: string,
  channel: 'email' | 'sms',
): Promise<Audience> {
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      emailUnsubscribedAt: marketingConsents.emailUnsubscribedAt,
      smsOptInAt: marketingConsents.smsOptInAt,
      smsPhone: marketingConsents.smsPhone,
    })
    .from(customers)
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(eq(customers.businessId, businessId));
  const eligible: Audience['eligible'] = [];
  if (channel === 'email') {
    for (const r of rows) {
      if (!r.emailUnsubscribedAt && r.email)
        eligible.push({
          customerId: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          to: r.email.toLowerCase(),
        });
    }
  } else {
    const candidates = rows.flatMap((r) => {
      const phone = consentedSmsNumber(r, r.phone);
      return phone ? [{ customerId: r.id, firstName: r.firstName, lastName: r.lastName, to: phone }] : [];
    });
    const blocked = await blockedPhones(
      db,
      candidates.map((c) => c.to),
    );
    eligible.push(...candidates.filter((c) => !blocked.has(c.to)));
  }
  return { eligible, skipped: rows.length - eligible.length };
}
