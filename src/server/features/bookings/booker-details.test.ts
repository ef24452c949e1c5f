import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKER_TEXT } from '../../../shared/booker-details';
import { createCustomer } from '../../db/factories';
import { bookings, customers, marketingConsents, userRoles } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { marketingAudience } from '../campaigns/consent.service';
import { bookableBusiness, bookingForm } from './book/booking.fixtures';

const t = await createTestContext();

const NOAH = {
  firstName: 'Noah',
  lastName: 'Kim',
  phone: '(512) 555-1370',
  address: '12 Oak St, Austin, TX',
};
const MALLORY = {
  firstName: 'Mallory',
  lastName: 'Impostor',
  phone: '(512) 555-0666',
  location: '9 Elm St, Austin, TX',
};

/** A business with Noah as a customer (his SMS consent as given), and a public booking paid with his email. */
async function strangerBooksAsNoah(opts: { noahOptedIn?: boolean; booker?: Record<string, unknown> } = {}) {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  const noah = await createCustomer(t.db, owner.userId, {
    ...NOAH,
    email: `noah-${owner.userId.slice(0, 6)}@example.com`,
  });
  if (opts.noahOptedIn !== undefined) {
    const consent = await t.request(`/api/customer-consent/${noah.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { emailMarketing: false, smsMarketing: opts.noahOptedIn },
    });
    expect(consent.status).toBe(200);
  }
  const before = {
    customer: await t.db.select().from(customers).where(eq(customers.id, noah.id)),
    consentRow: await t.db.select().from(marketingConsents).where(eq(marketingConsents.customerId, noah.id)),
    consent: await (await t.request(`/api/customer-consent/${noah.id}`, { cookie: owner.cookie })).json(),
  };
  const form = bookingForm({
    businessId: owner.userId,
    serviceId: service!.id,
    email: noah.email.toUpperCase(),
    firstName: MALLORY.firstName,
    lastName: MALLORY.lastName,
    phone: MALLORY.phone,
    location: MALLORY.location,
    smsMarketingOptIn: true,
    ...opts.booker,
  });
  const res = await t.request('/api/booking/create-payment', { method: 'POST', json: form });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url } = (await res.json()) as { sessionId: string; url: string };
  expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
  const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
  expect(done.status).toBe(200);
  const bookingId = ((await done.json()) as { booking: { id: string } }).booking.id;
  return { owner, noah, bookingId, before };
}

const readBooking = async (cookie: string, id: string) => {
  const res = await t.request(`/api/bookings/${id}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const readConsent = async (cookie: string, id: string) =>
  (await t.request(`/api/customer-consent/${id}`, { cookie })).json();
const merge = (cookie: string, id: string, json?: unknown) =>
  t.request(`/api/bookings/${id}/merge-booker`, {
    method: 'POST',
    cookie,
    ...(json === undefined ? {} : { json }),
  });

describe('a public booking with an existing customer email', () => {
  it("leaves the customer's name, phone, address and consents as they were, opted in or not", async () => {
    for (const noahOptedIn of [undefined, false, true]) {
      const { owner, noah, before } = await strangerBooksAsNoah({ noahOptedIn });
      expect(await t.db.select().from(customers).where(eq(customers.id, noah.id))).toEqual(before.customer);
      expect(
        await t.db.select().from(marketingConsents).where(eq(marketingConsents.customerId, noah.id)),
      ).toEqual(before.consentRow);
      expect(await readConsent(owner.cookie, noah.id)).toEqual(before.consent);
      // The booker's number is not reachable by a campaign, and Noah's only if he had opted in himself.
      const audience = await marketingAudience(t.db, owner.userId, 'sms');
      expect(audience.eligible.map((e) => e.to)).toEqual(noahOptedIn ? ['+15125551370'] : []);
    }
  });

  it("shows the owner what the booker entered where it differs from the customer's record", async () => {
    const { owner, noah, bookingId } = await strangerBooksAsNoah();
    const booking = await readBooking(owner.cookie, bookingId);
    expect(booking.customer).toMatchObject({
      id: noah.id,
      firstName: 'Noah',
      lastName: 'Kim',
      phone: NOAH.phone,
    });
    expect(booking.bookerChanges).toEqual([
      { field: 'name', booker: 'Mallory Impostor', customer: 'Noah Kim' },
      { field: 'phone', booker: MALLORY.phone, customer: NOAH.phone },
      { field: 'address', booker: MALLORY.location, customer: NOAH.address },
    ]);
    // The list shows it too.
    const list = await (await t.request('/api/bookings?when=upcoming', { cookie: owner.cookie })).json();
    expect(list.items[0].bookerChanges).toHaveLength(3);
  });

  it('shows nothing to merge when the booker entered what the record holds (a number written differently is the same)', async () => {
    const { owner, bookingId } = await strangerBooksAsNoah({
      booker: { firstName: 'noah', lastName: 'KIM', phone: '512-555-1370', location: NOAH.address },
    });
    expect((await readBooking(owner.cookie, bookingId)).bookerChanges).toEqual([]);
  });

  it("records an opt-in given for the customer's own number, with source booking_form", async () => {
    const { owner, noah } = await strangerBooksAsNoah({ booker: { phone: '512.555.1370' } });
    expect(await readConsent(owner.cookie, noah.id)).toMatchObject({
      smsMarketing: true,
      smsSource: 'booking_form',
    });
  });
});

describe("the owner's Update customer (merge-booker)", () => {
  it("copies the booker's details onto the customer; the new number carries the opt-in its holder gave, with its time", async () => {
    const { owner, noah, bookingId } = await strangerBooksAsNoah({ noahOptedIn: false });
    const [booked] = await t.db
      .select({ at: bookings.bookerSmsOptInAt })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const res = await merge(owner.cookie, bookingId);
    expect(res.status).toBe(200);
    const booking = await res.json();
    expect(booking.bookerChanges).toEqual([]);
    expect(booking.customer).toMatchObject({
      firstName: 'Mallory',
      lastName: 'Impostor',
      phone: MALLORY.phone,
    });
    expect(booking.history.at(-1).summary).toBe('Customer updated from this booking: name, phone, address');
    const [row] = await t.db.select().from(customers).where(eq(customers.id, noah.id));
    expect(row).toMatchObject({
      firstName: 'Mallory',
      lastName: 'Impostor',
      phone: MALLORY.phone,
      address: MALLORY.location,
      email: noah.email,
    });
    const consent = await readConsent(owner.cookie, noah.id);
    expect(consent).toMatchObject({ smsMarketing: true, smsSource: 'booking_form', emailMarketing: false });
    expect(consent.smsUpdatedAt).toBe(booked!.at!.toISOString());
    // Merging again changes nothing.
    expect((await merge(owner.cookie, bookingId)).status).toBe(200);
    expect(await t.db.select().from(customers).where(eq(customers.id, noah.id))).toEqual([row]);
  });

  it('merges only the named details; a new number without an opt-in leaves the customer without SMS consent', async () => {
    const { owner, noah, bookingId } = await strangerBooksAsNoah({
      noahOptedIn: true,
      booker: { smsMarketingOptIn: false },
    });
    expect((await readConsent(owner.cookie, noah.id)).smsMarketing).toBe(true);
    const res = await merge(owner.cookie, bookingId, { fields: ['phone'] });
    expect(res.status).toBe(200);
    expect((await res.json()).bookerChanges.map((c: { field: string }) => c.field)).toEqual([
      'name',
      'address',
    ]);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, noah.id));
    expect(row).toMatchObject({
      firstName: 'Noah',
      lastName: 'Kim',
      phone: MALLORY.phone,
      address: NOAH.address,
    });
    // Noah's opt-in was for his old number: nobody at the new one agreed to marketing texts.
    expect(await readConsent(owner.cookie, noah.id)).toMatchObject({ smsMarketing: false });
    expect((await marketingAudience(t.db, owner.userId, 'sms')).eligible).toEqual([]);
    expect((await merge(owner.cookie, bookingId, { fields: ['colour'] })).status).toBe(400);
  });

  it("is the owner's alone and scoped to the business: another business and a malformed id get 404, a technician 403", async () => {
    const { owner, noah, bookingId, before } = await strangerBooksAsNoah();
    const other = await t.signUp();
    const tech = await t.signUp();
    await t.db
      .insert(userRoles)
      .values({ userId: tech.userId, role: 'technician', businessId: owner.userId });

    const foreign = await merge(other.cookie, bookingId);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe(BOOKER_TEXT.bookingNotFound);
    expect((await merge(owner.cookie, 'not-a-uuid')).status).toBe(404);
    expect((await merge(tech.cookie, bookingId)).status).toBe(403);
    expect((await t.request(`/api/bookings/${bookingId}/merge-booker`, { method: 'POST' })).status).toBe(401);
    expect(await t.db.select().from(customers).where(eq(customers.id, noah.id))).toEqual(before.customer);
    expect((await readBooking(owner.cookie, bookingId)).bookerChanges).toHaveLength(3);
  });

  it('a booking the owner made has no booker details to merge', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const customer = await createCustomer(t.db, owner.userId, { ...NOAH, email: 'noah-own@example.com' });
    const made = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        customerId: customer.id,
        vehicle: { make: 'Honda', model: 'Fit', color: null },
        vehicleType: 'sedan',
        serviceId: service!.id,
        date: bookingForm().date,
        time: '10:00',
        locationAddress: '1 Other St',
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = await made.json();
    expect((await readBooking(owner.cookie, id)).bookerChanges).toEqual([]);
    expect((await merge(owner.cookie, id)).status).toBe(200);
    expect(await t.db.select().from(customers).where(eq(customers.id, customer.id))).toMatchObject([
      { address: NOAH.address },
    ]);
  });
});

describe('SMS consent belongs to a number', () => {
  it("an opt-in stops counting when the owner changes the customer's number", async () => {
    const owner = await t.signUp();
    const c = await createCustomer(t.db, owner.userId, { ...NOAH, email: 'noah-phone@example.com' });
    await t.request(`/api/customer-consent/${c.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { emailMarketing: true, smsMarketing: true },
    });
    expect((await marketingAudience(t.db, owner.userId, 'sms')).eligible.map((e) => e.to)).toEqual([
      '+15125551370',
    ]);
    await t.db.update(customers).set({ phone: '(512) 555-2000' }).where(eq(customers.id, c.id));
    expect((await marketingAudience(t.db, owner.userId, 'sms')).eligible).toEqual([]);
    expect(await readConsent(owner.cookie, c.id)).toMatchObject({ smsMarketing: false });
    // The same number written another way still counts.
    await t.db.update(customers).set({ phone: '+1 512 555 1370' }).where(eq(customers.id, c.id));
    expect(await readConsent(owner.cookie, c.id)).toMatchObject({ smsMarketing: true, smsSource: 'owner' });
  });
});
