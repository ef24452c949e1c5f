import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, type BookingForm } from '../../../../shared/booking.schemas';
import { bookingTipCents } from '../../../../shared/discounts';
import { servicePriceCents } from '../../../../shared/pricing';
import { addOnsTotal } from '../../../../shared/service-add-ons';
import { samePhone } from '../../../../shared/sms';
import { DEFAULT_TIME_ZONE } from '../../../../shared/time';
import type { Database, Transaction } from '../../../db/client';
import {
  bookingPhotoConsents,
  bookings,
  checkoutSessions,
  customers,
  customerVehicles,
} from '../../../db/schema';
import type { AppDeps } from '../../../http/context';
import { conflict, invalid, notFound } from '../../../http/errors';
import type { GeoProviders } from '../../../providers/geo/geo';
import { pointColumns } from '../../../providers/geo/zip-centroid';
import { type ChargeTransfer, SUCCESS_PATH } from '../../../providers/payments/payments';
import { deliverQueued } from '../../campaigns/automations/message-queue';
import { recordConsent } from '../../campaigns/consent.service';
import { locationScope, locationScopeById } from '../../locations/locations.service';
import { redeemHeldReward, rewardForCheckout } from '../../loyalty/redeem.service';
import {
  holdPlanTerms,
  planTermsForBooking,
  spendCheckoutCredit,
} from '../../memberships/plan-bookings.service';
import { recordCompletedCharge } from '../../payouts/ledger.service';
import { chargeTermsFor } from '../../payouts/payment-accounts.service';
import { priceWithPromo } from '../../promo-codes/promo-codes.service';
import { v1Booking } from '../../public-api/v1-schemas';
import { priceAddOns, recordBookingAddOns } from '../../service-add-ons/service-add-ons.service';
import { recordWebhookEvent } from '../../webhooks/webhooks.service';
import { getBooking } from '../bookings.service';
import {
  assertSlotBookable,
  assignChosenTechnician,
  lockBusinessSlots,
  scopeOfJob,
  slotHasRoom,
} from '../scheduling/scheduling.service';
import { priceExtraVehicles, recordBookingVehicles } from '../vehicles/booking-vehicles.service';
import {
  pendingBookingMessages,
  queueBookingMessages,
  queuePlatformLeadEmails,
  queueSlotLostEmail,
} from './booking-emails';
import { findActiveService, findPublicBusiness, leadServices } from './booking-options.service';

/** Stripe requires at least 30 minutes. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;

type CheckoutRow = typeof checkoutSessions.$inferSelect;

/** A crew is free and, with the customer's place, a technician can drive there in time (decision 1248). */
async function slotIsFree(
  db: Database | Transaction,
  row: Pick<CheckoutRow, 'scheduledAt' | 'durationMinutes' | 'locationAddress' | 'zipCode' | 'locationId'> & {
    businessId: string;
  },
  geo?: GeoProviders,
) {
  // The location the customer booked (decision 1280); archived since: the one serving the zip.
  const location = (await locationScopeById(db, row.businessId, row.locationId)) ?? undefined;
  return slotHasRoom(db, row.businessId, row.scheduledAt, row.durationMinutes, undefined, {
    place: { address: row.locationAddress, zip: row.zipCode },
    geo,
    location,
  });
}

function bookPageUrl(
  publicUrl: string,
  row: { businessId: string | null; zipCode: string | null },
  extra: string,
) {
  const params = new URLSearchParams();
  if (row.businessId) params.set('business', row.businessId);
  if (row.zipCode) params.set('zip', row.zipCode);
  return `${publicUrl}/book?${params.toString()}${params.size ? '&' : ''}${extra}`;
}

/**
 * create-payment (§7): validates the request, prices it on the server, checks the slot, stores the pending
 * booking in checkout_sessions and asks the payment provider for a checkout URL. No booking exists yet.
 */
export async function createPayment(
  deps: Pick<
    AppDeps,
    | 'db'
    | 'payments'
    | 'mailer'
    | 'supportEmail'
    | 'publicUrl'
    | 'linkSecret'
    | 'sms'
    | 'messageRetryDelaysMs'
    | 'geo'
  >,
  form: BookingForm,
) {
  const { db, payments, publicUrl } = deps;
  let service: {
    id: string;
    name: string;
    description: string | null;
    basePriceCents: number;
    durationMinutes: number;
    vehicleTypeMultipliers: Record<string, number>;
  };
  let timeZone = DEFAULT_TIME_ZONE;
  let businessName = 'ShineRoute';
  let serviceId: string | null = null;

  if (form.businessId) {
    const business = await findPublicBusiness(db, form.businessId);
    if (!business || business.closed) throw notFound('This business could not be found');
    if (!business.acceptsOnlineBookings) throw conflict('This business is not taking online bookings yet');
    const found = await findActiveService(db, business.id, form.serviceId);
    if (!found) throw invalid('This service is no longer available');
    service = found;
    serviceId = found.id;
    timeZone = business.timeZone;
    businessName = business.name ?? businessName;
  } else {
    const lead = leadServices().find((s) => s.id === form.serviceId);
    if (!lead) throw invalid('This service is no longer available');
    service = lead;
  }

  // The chosen add-ons, priced from the database (decision 1255): their price joins the subtotal, their minutes the slot.
  const addOns = await priceAddOns(db, form.businessId, service.id, form.vehicleType, form.addOnIds);
  const extra = addOnsTotal(addOns);
  // The household's further vehicles (decision 1325), each priced on its own; their minutes join the slot.
  const extraVehicles = await priceExtraVehicles(db, form);
  const extraVehiclesCents = extraVehicles.reduce(
    (sum, v) => sum + v.servicePriceCents + addOnsTotal(v.addOns).priceCents,
    0,
  );
  const durationMinutes =
    service.durationMinutes +
    extra.extraMinutes +
    extraVehicles.reduce((sum, v) => sum + v.durationMinutes, 0);
  if (durationMinutes > 1440)
    throw invalid('These vehicles take more than a day; please book them separately');

  // The business's hours, notice, horizon and crews (src/shared/slots.ts); 409 when the slot is taken.
  // The location its link names (404 when not this business's), else the one serving the place (decision 1280).
  const place = { address: form.location, zip: form.zip };
  const location = form.businessId
    ? await scopeOfJob(db, form.businessId, {
        place,
        location: form.locationId
          ? await locationScope(db, form.businessId, { ref: form.locationId })
          : undefined,
      })
    : null;
  const { startsAt: scheduledAt } = await assertSlotBookable(db, form.businessId, {
    date: form.date,
    time: form.time,
    durationMinutes,
    place,
    geo: deps.geo,
    location,
  });

  // A plan member's visit (decision 1260): an included service is paid with a credit, any other at the plan's
  // discount. A credit visit is the whole price: no code, reward or tip with it.
  const plan =
    form.memberToken && form.businessId && serviceId
      ? await planTermsForBooking(db, deps.linkSecret, {
          token: form.memberToken,
          businessId: form.businessId,
          serviceId,
          vehicleType: form.vehicleType,
          priceCents: servicePriceCents(service, form.vehicleType),
        })
      : null;
  // A plan visit is the plan's service alone (decision 1260): add-ons go with ordinary bookings (decision 1255).
  if (plan && addOns.length > 0) throw invalid('Add-ons cannot be booked with a plan visit');
  if (plan && extraVehicles.length > 0)
    throw invalid('A plan visit is for one vehicle; please book the others apart');
  if (plan?.useCredit && (form.promoCode || form.rewardId))
    throw invalid('A visit paid with a plan credit takes no promo code or reward');
  // A loyalty reward needs the token of a verified email (docs/decisions/0710); checked before anything is stored.
  const reward = form.rewardId
    ? await rewardForCheckout(db, {
        businessId: form.businessId,
        token: form.loyaltyToken,
        email: form.email,
        rewardId: form.rewardId,
      })
    : null;
  // Never the browser's totalPrice: §9's rule applied to the stored service, less a promo code, then the reward
  // (one order, src/shared/discounts.ts; decisions 702 and 710).
  const priced = await priceWithPromo(db, {
    businessId: form.businessId,
    code: form.promoCode,
    email: form.email,
    subtotalCents: plan
      ? plan.priceCents
      : servicePriceCents(service, form.vehicleType) + extra.priceCents + extraVehiclesCents,
    timeZone,
    reward: reward?.terms ?? null,
  });
  const amountCents = priced.totalCents;
  // A percentage tip is on what the customer pays for the service after discounts, as /book shows it (decision 0947).
  const tip = plan?.useCredit ? 0 : bookingTipCents(form.tip, priced);
  const checkoutId = randomUUID();
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  // Nothing to charge (discounts brought it to $0, no tip): no provider session; booked here, once (decision 710).
  const free = amountCents + tip === 0;
  // A business is paid through its connected account, minus the platform's fee (docs/decisions/1000); a lead is not.
  const transfer: ChargeTransfer | null =
    form.businessId && !free
      ? (await chargeTermsFor(deps, form.businessId, { amountCents, tipCents: tip })).transfer
      : null;
  const { sessionId, url } = free
    ? {
        sessionId: `free_${checkoutId}`,
        url: `${publicUrl}${SUCCESS_PATH.replace('{CHECKOUT_SESSION_ID}', `free_${checkoutId}`)}`,
      }
    : await payments.createCheckout({
        checkoutId,
        amountCents: amountCents + tip,
        tipCents: tip,
        description: `${service.name} — ${businessName}`,
        customerEmail: form.email,
        successUrl: `${publicUrl}${SUCCESS_PATH}`,
        cancelUrl: bookPageUrl(publicUrl, { businessId: form.businessId, zipCode: form.zip }, 'cancelled=1'),
        expiresAt,
        transfer,
        metadata: { document_type: 'booking' },
      });

  const insertCheckout = (tx: Transaction) =>
    tx.insert(checkoutSessions).values({
      id: checkoutId,
      provider: free ? 'free' : payments.kind,
      providerSessionId: sessionId,
      businessId: form.businessId,
      serviceId,
      serviceName: service.name,
      serviceDescription: service.description,
      durationMinutes,
      addOns,
      servicePriceCents: plan ? plan.priceCents : servicePriceCents(service, form.vehicleType),
      extraVehicles,
      vehicleType: form.vehicleType,
      vehicleMake: form.vehicleMake,
      vehicleModel: form.vehicleModel,
      vehicleYear: form.vehicleYear,
      vehicleColor: form.vehicleColor,
      scheduledAt,
      timeZone,
      locationAddress: form.location,
      zipCode: form.zip,
      locationId: location?.id ?? null,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      specialInstructions: form.notes,
      smsMarketingOptIn: Boolean(form.phone) && form.smsMarketingOptIn,
      photoConsent: form.photoConsent,
      amountCents,
      destinationAccount: transfer?.destination ?? null,
      applicationFeeCents: transfer?.applicationFeeCents ?? 0,
      tipCents: tip,
      status: free ? 'paid' : 'open',
      paidAt: free ? new Date() : null,
      landingPath: form.landingPath,
      expiresAt,
    });
  // The code's use and the reward's points are held (or refused: used up, spent meanwhile) with the checkout.
  await db.transaction(async (tx) => {
    await insertCheckout(tx);
    await priced.hold(tx, checkoutId);
    if (reward) await reward.hold(tx, checkoutId, priced.rewardDiscountCents);
    if (plan && form.businessId) await holdPlanTerms(tx, form.businessId, checkoutId, plan);
  });
  if (free)
    await completeBooking(deps, sessionId).catch(async (err) => {
      // A credit spent meanwhile (or a plan put on hold): nothing was booked and nothing charged.
      await db
        .update(checkoutSessions)
        .set({ status: 'cancelled' })
        .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'paid')));
      throw err;
    });
  return { url, sessionId, amountCents };
}

export async function findCheckout(db: Database, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, sessionId));
  return row ?? null;
}

/**
 * What became of a checkout, for the /book tab that opened it (issue 16): it asks every few seconds while the customer
 * pays in the other tab, and shows the confirmation once the booking is made. Reads only our own row (the provider is
 * asked by complete-booking and the webhook); the session id is the unguessable capability, as on /booking-success.
 */
export async function checkoutState(db: Database, sessionId: string) {
  const row = await findCheckout(db, sessionId);
  if (!row) throw notFound('This booking session could not be found');
  const state =
    row.status === 'completed'
      ? ('booked' as const)
      : row.status === 'paid'
        ? ('paid' as const)
        : row.status === 'open' && row.expiresAt.getTime() < Date.now()
          ? ('expired' as const)
          : row.status;
  return { state };
}

/** The test checkout's Pay button: re-checks the slot (nothing is charged for a taken time) and marks it paid. */
export async function payTestCheckout(deps: Pick<AppDeps, 'db' | 'publicUrl' | 'geo'>, sessionId: string) {
  const row = await findCheckout(deps.db, sessionId);
  if (row?.provider !== 'test') throw notFound('This checkout could not be found');
  if (row.paidAt)
    return { redirect: `${deps.publicUrl}/booking-success?session_id=${encodeURIComponent(sessionId)}` };
  if (row.status !== 'open') throw conflict('This checkout was cancelled; nothing was charged');
  if (row.expiresAt.getTime() < Date.now()) throw conflict('This checkout has expired; nothing was charged');
  if (row.businessId && !(await slotIsFree(deps.db, { ...row, businessId: row.businessId }, deps.geo))) {
    throw conflict(BOOKING_MESSAGES.slotTaken);
  }
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'paid', paidAt: new Date(), paymentReference: `test_payment_${sessionId}` })
    .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'open')));
  return { redirect: `${deps.publicUrl}/booking-success?session_id=${encodeURIComponent(sessionId)}` };
}

export async function cancelTestCheckout(deps: Pick<AppDeps, 'db' | 'publicUrl'>, sessionId: string) {
  const row = await findCheckout(deps.db, sessionId);
  if (row?.provider !== 'test') throw notFound('This checkout could not be found');
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'open')));
  return { redirect: bookPageUrl(deps.publicUrl, row, 'cancelled=1') };
}

type CompletionOutcome =
  | {
      kind: 'booked';
      bookingId: string;
      created: boolean;
      messageIds?: string[];
      /** A platform lead's emails when there is no queue to write them to (decision 1336). */
      afterCommit?: () => Promise<void>;
    }
  | { kind: 'slot-taken' };

/** Inside one transaction: the customer, the vehicle and the booking, exactly once per checkout session. */
async function bookOnce(
  deps: Pick<AppDeps, 'db' | 'publicUrl' | 'mailer' | 'supportEmail' | 'jobs'>,
  checkoutId: string,
  paymentReference: string | null,
  geo?: GeoProviders,
): Promise<CompletionOutcome> {
  return deps.db.transaction(async (tx) => {
    // The row lock makes a second completion of the same session wait, then see it completed.
    const [row] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutId))
      .for('update');
    if (!row) throw notFound('This booking session could not be found');
    if (row.status === 'completed' && row.bookingId)
      return { kind: 'booked', bookingId: row.bookingId, created: false };
    if (row.status === 'refunded') return { kind: 'slot-taken' };

    let customerId: string | null = null;
    let vehicleId: string | null = null;
    let technicianId: string | null = null;
    if (row.businessId) {
      // Under the business's lock, in the transaction: of two customers racing for one gap, one books.
      await lockBusinessSlots(tx, row.businessId);
      const room = await slotIsFree(tx, { ...row, businessId: row.businessId }, geo);
      if (!room) return { kind: 'slot-taken' };
      technicianId = room.technicianId;
      const customer = await customerForCheckout(tx, row);
      customerId = customer.id;
      // The opt-in is for the number the booker typed: it is recorded on the customer only when that is the
      // customer's number; otherwise it stays on the booking until the owner takes that number (decision 0936).
      if (row.smsMarketingOptIn && customer.phoneMatches)
        await recordConsent(
          tx,
          row.businessId,
          customerId,
          { sms: true, smsPhone: row.phone, source: 'booking_form' },
          row.createdAt,
        );
      vehicleId = await upsertVehicle(tx, row, customerId);
    }

    const [inserted] = await tx
      .insert(bookings)
      .values({
        businessId: row.businessId,
        serviceId: row.serviceId,
        customerId,
        customerVehicleId: vehicleId,
        serviceName: row.serviceName,
        serviceDescription: row.serviceDescription,
        durationMinutes: row.durationMinutes,
        scheduledAt: row.scheduledAt,
        locationAddress: row.locationAddress,
        zipCode: row.zipCode,
        // Null: the database puts it at the location serving the zip, else the main one (decision 1280).
        locationId: row.locationId,
        ...pointColumns(row.locationAddress, row.zipCode),
        quotedPriceCents: row.amountCents,
        finalPriceCents: row.amountCents,
        tipCents: row.tipCents,
        status: 'pending',
        specialInstructions: row.specialInstructions,
        paymentSessionId: row.providerSessionId,
        ...bookerDetails(row),
      })
      .onConflictDoNothing({ target: bookings.paymentSessionId })
      .returning({ id: bookings.id });
    let bookingId = inserted?.id;
    const created = Boolean(inserted);
    if (!bookingId) {
      const [existing] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.paymentSessionId, row.providerSessionId));
      bookingId = existing!.id;
    }
    // The technician who can get there is assigned with the booking (the owner can change it, decision 1248).
    if (row.businessId && created) await assignChosenTechnician(tx, row.businessId, bookingId, technicianId);
    // The photo consent ticked on /book (decision 1244).
    if (row.businessId && row.photoConsent)
      await tx
        .insert(bookingPhotoConsents)
        .values({ bookingId, businessId: row.businessId, source: 'booking', givenAt: row.createdAt })
        .onConflictDoNothing();
    if (row.businessId && created) await recordBookingAddOns(tx, row.businessId, bookingId, row.addOns);
    if (row.businessId && created)
      await recordBookingVehicles(tx, row.businessId, bookingId, {
        first: {
          customerVehicleId: vehicleId,
          vehicleType: row.vehicleType,
          make: row.vehicleMake,
          model: row.vehicleModel,
          year: row.vehicleYear,
          color: row.vehicleColor,
          serviceId: row.serviceId,
          serviceName: row.serviceName,
          servicePriceCents:
            row.servicePriceCents ?? Math.max(0, row.amountCents - addOnsTotal(row.addOns).priceCents),
          durationMinutes: row.durationMinutes - row.extraVehicles.reduce((s, v) => s + v.durationMinutes, 0),
          addOns: row.addOns,
        },
        extra: await Promise.all(
          row.extraVehicles.map(async (v) => ({
            ...v,
            year: null,
            customerVehicleId: customerId
              ? await upsertVehicle(
                  tx,
                  {
                    ...row,
                    vehicleType: v.vehicleType,
                    vehicleMake: v.make,
                    vehicleModel: v.model,
                    vehicleYear: null,
                    vehicleColor: v.color,
                  },
                  customerId,
                )
              : null,
          })),
        ),
      });
    // A reward held by this checkout leaves the ledger with the booking, once (docs/decisions/0710).
    if (row.businessId) await redeemHeldReward(tx, row.id, bookingId);
    // A plan credit likewise, once, or no booking (decision 1260).
    if (row.businessId) await spendCheckoutCredit(tx, row.id, bookingId);
    if (row.businessId && row.destinationAccount) {
      await recordCompletedCharge(tx, {
        businessId: row.businessId,
        documentType: 'booking',
        documentId: bookingId,
        paymentReference: paymentReference ?? row.paymentReference ?? row.providerSessionId,
        amountCents: row.amountCents,
        tipCents: row.tipCents,
        applicationFeeCents: row.applicationFeeCents,
        description: `Booking: ${row.serviceName} — ${row.firstName} ${row.lastName}`,
      });
    }
    await tx
      .update(checkoutSessions)
      .set({
        status: 'completed',
        bookingId,
        completedAt: new Date(),
        paidAt: row.paidAt ?? new Date(),
        paymentReference: paymentReference ?? row.paymentReference,
      })
      .where(eq(checkoutSessions.id, row.id));
    // A booking made online is told to the business's webhooks with it, once (decision 1202).
    if (created && row.businessId)
      await recordWebhookEvent(
        tx,
        row.businessId,
        'booking.created',
        v1Booking.parse(await getBooking(tx, row.businessId, bookingId)),
      );
    // The confirmation and the owner's notice commit with the booking (decision 1263).
    const messageIds =
      created && row.businessId
        ? await queueBookingMessages(deps, tx, { ...row, businessId: row.businessId }, bookingId, customerId)
        : [];
    // A platform lead's emails are jobs written with the lead (decision 1336).
    const afterCommit =
      created && !row.businessId ? await queuePlatformLeadEmails(deps, tx, row, bookingId) : undefined;
    return { kind: 'booked', bookingId, created, messageIds, afterCommit };
  });
}

/** What the booker entered, kept on the booking (decision 0936). */
export function bookerDetails(row: CheckoutRow) {
  return {
    bookerFirstName: row.firstName,
    bookerLastName: row.lastName,
    bookerPhone: row.phone,
    bookerSmsOptInAt: row.smsMarketingOptIn && row.phone ? row.createdAt : null,
  };
}

/**
 * §3: the customer is matched by email within the business, or created. An existing customer's record is never
 * changed by a public booking (anyone can type an email): the booker's details stay on the booking, and the owner
 * may update the customer from them (decision 0936). `phoneMatches`: the booker's number is the customer's.
 */
export async function customerForCheckout(
  tx: Transaction,
  row: Pick<
    CheckoutRow,
    'businessId' | 'email' | 'phone' | 'firstName' | 'lastName' | 'locationAddress' | 'zipCode'
  >,
): Promise<{ id: string; phoneMatches: boolean }> {
  const businessId = row.businessId!;
  const [existing] = await tx
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(
      and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = ${row.email.toLowerCase()}`),
    );
  if (existing) return { id: existing.id, phoneMatches: samePhone(existing.phone, row.phone) };
  const [created] = await tx
    .insert(customers)
    .values({
      businessId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email.toLowerCase(),
      phone: row.phone,
      address: row.locationAddress,
      ...pointColumns(row.locationAddress, row.zipCode),
    })
    .returning({ id: customers.id });
  return { id: created!.id, phoneMatches: Boolean(row.phone) };
}

/** The same make, model and year is the same vehicle (its colour and type are refreshed). */
export async function upsertVehicle(
  tx: Transaction,
  row: Pick<
    CheckoutRow,
    'businessId' | 'vehicleMake' | 'vehicleModel' | 'vehicleYear' | 'vehicleColor' | 'vehicleType'
  >,
  customerId: string,
): Promise<string> {
  const make = row.vehicleMake ?? '';
  const model = row.vehicleModel ?? '';
  const [existing] = await tx
    .select({ id: customerVehicles.id })
    .from(customerVehicles)
    .where(
      and(
        eq(customerVehicles.customerId, customerId),
        sql`lower(${customerVehicles.make}) = ${make.toLowerCase()}`,
        sql`lower(${customerVehicles.model}) = ${model.toLowerCase()}`,
        sql`${customerVehicles.year} is not distinct from ${row.vehicleYear}`,
        make || model ? undefined : eq(customerVehicles.vehicleType, row.vehicleType),
      ),
    )
    .limit(1);
  if (existing) {
    await tx
      .update(customerVehicles)
      .set({ vehicleType: row.vehicleType, ...(row.vehicleColor ? { color: row.vehicleColor } : {}) })
      .where(eq(customerVehicles.id, existing.id));
    return existing.id;
  }
  const [created] = await tx
    .insert(customerVehicles)
    .values({
      businessId: row.businessId!,
      customerId,
      make,
      model,
      year: row.vehicleYear,
      color: row.vehicleColor,
      vehicleType: row.vehicleType,
    })
    .returning({ id: customerVehicles.id });
  return created!.id;
}

/**
 * complete-booking (§7), also run by the Stripe webhook. Idempotent: the same session completed any number of
 * times, in any order or at once, gives one booking, one customer and one pair of emails.
 */
export async function completeBooking(
  deps: Pick<
    AppDeps,
    | 'db'
    | 'payments'
    | 'mailer'
    | 'supportEmail'
    | 'publicUrl'
    | 'linkSecret'
    | 'sms'
    | 'messageRetryDelaysMs'
    | 'geo'
    | 'jobs'
  >,
  sessionId: string,
) {
  const { db, payments } = deps;
  const row = await findCheckout(db, sessionId);
  if (!row) throw notFound('This booking session could not be found');
  const free = row.provider === 'free';
  if (row.provider !== payments.kind && !free) throw notFound('This booking session could not be found');

  let outcome: CompletionOutcome;
  if (row.status === 'completed' && row.bookingId) {
    outcome = { kind: 'booked', bookingId: row.bookingId, created: false };
  } else {
    if (row.status === 'refunded')
      throw conflict(`${BOOKING_MESSAGES.slotTaken}. Your payment has been refunded.`);
    if (row.status === 'cancelled') throw invalid('This checkout was cancelled; nothing was charged');
    // Ask the provider, never the browser, whether the money arrived — and that it is the amount we priced.
    // A free checkout (priced at $0 on the server) has no provider session and nothing to ask.
    const payment = free
      ? { paid: row.amountCents + row.tipCents === 0, amountCents: 0, paymentReference: null }
      : await payments.getPaymentStatus(sessionId);
    if (!payment.paid) throw invalid('Payment has not been completed yet');
    if (payment.amountCents !== null && payment.amountCents !== row.amountCents + row.tipCents) {
      throw conflict('The amount paid does not match this booking; please contact support');
    }
    outcome = await bookOnce(deps, row.id, payment.paymentReference, deps.geo);
    if (outcome.kind === 'slot-taken' && free) {
      await db.update(checkoutSessions).set({ status: 'cancelled' }).where(eq(checkoutSessions.id, row.id));
      throw conflict(BOOKING_MESSAGES.slotTaken);
    }
    if (outcome.kind === 'slot-taken') {
      // Never booked, so never in the ledger: the whole destination charge is reversed, fee included.
      if (!free)
        await payments.refund(sessionId, payment.paymentReference, {
          connected: Boolean(row.destinationAccount),
        });
      // Refunded and the customer's email commit together (decision 1290).
      const messageIds = await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(checkoutSessions)
          .set({ status: 'refunded', refundedAt: new Date(), paymentReference: payment.paymentReference })
          .where(and(eq(checkoutSessions.id, row.id), sql`${checkoutSessions.status} <> 'refunded'`))
          .returning({ id: checkoutSessions.id });
        return marked ? queueSlotLostEmail(tx, deps.publicUrl, row) : [];
      });
      await deliverQueued(deps, messageIds);
      throw conflict(`${BOOKING_MESSAGES.slotTaken}. Your payment has been refunded.`);
    }
  }

  if (row.businessId) {
    // After commit: the rows written with the booking go out now; a failure or a crash leaves them to the tick. A
    // repeated completion (the customer's retry, the webhook) delivers what a crashed first one left pending.
    await deliverQueued(
      deps,
      outcome.created ? (outcome.messageIds ?? []) : await pendingBookingMessages(db, outcome.bookingId),
    );
  } else if (outcome.afterCommit) {
    // Without a queue only (API tests, scripts): the direct sends, after the commit.
    await outcome.afterCommit().catch((err) => console.warn('Could not send booking emails', err));
  }
  return bookingSummary(db, outcome.bookingId);
}

export async function bookingSummary(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      serviceName: bookings.serviceName,
      scheduledAt: bookings.scheduledAt,
      durationMinutes: bookings.durationMinutes,
      locationAddress: bookings.locationAddress,
      priceCents: bookings.quotedPriceCents,
      chargedPriceCents: checkoutSessions.amountCents,
      tipCents: checkoutSessions.tipCents,
      businessId: bookings.businessId,
      timeZone: checkoutSessions.timeZone,
      email: checkoutSessions.email,
      firstName: checkoutSessions.firstName,
    })
    .from(bookings)
    .innerJoin(checkoutSessions, eq(checkoutSessions.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound('This booking could not be found');
  const business = row.businessId ? await findPublicBusiness(db, row.businessId) : null;
  return {
    id: row.id,
    status: row.status,
    serviceName: row.serviceName,
    scheduledAt: row.scheduledAt.toISOString(),
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    locationAddress: row.locationAddress,
    priceCents: row.priceCents,
    // What the customer is told they paid (issue 25): the price, the tip apart, and the total charged.
    tipCents: row.tipCents,
    chargedCents: row.chargedPriceCents + row.tipCents,
    customerEmail: row.email,
    customerFirstName: row.firstName,
    business: business ? { name: business.name, phone: business.phone, email: business.businessEmail } : null,
  };
}
