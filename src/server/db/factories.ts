import { eq } from 'drizzle-orm';
import { defaultInitial } from '../../shared/business-profile';
import { type BookingStatus, DEFAULT_VEHICLE_MULTIPLIERS, type VehicleType } from '../../shared/constants';
import type { Auth } from '../auth/auth';
import { pointColumns } from '../providers/geo/zip-centroid';
import type { Database } from './client';
import {
  bookingAssignments,
  bookings,
  citySeoPages,
  customers,
  customerVehicles,
  emailWaitlist,
  inventoryItems,
  profiles,
  serviceAreas,
  serviceConsumables,
  services,
  testimonials,
  user,
  userRoles,
} from './schema';

// Small builders shared by the demo seed, the API tests and the e2e fixtures.

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an owner account through better-auth (so the password hash and profile are real). */
export async function createOwnerAccount(
  db: Database,
  auth: Auth,
  account: NewAccount,
  opts: { verified?: boolean } = {},
) {
  const result = await auth.api.signUpEmail({
    body: {
      email: account.email,
      password: account.password,
      name: `${account.firstName} ${account.lastName}`,
      firstName: account.firstName,
      lastName: account.lastName,
    },
  });
  if (opts.verified) await db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
  return result.user.id;
}

export async function grantRole(
  db: Database,
  userId: string,
  role: 'admin' | 'technician',
  businessId?: string,
) {
  await db
    .insert(userRoles)
    .values({ userId, role, businessId: businessId ?? null })
    .onConflictDoNothing();
}

export async function updateProfile(
  db: Database,
  businessId: string,
  values: Partial<typeof profiles.$inferInsert>,
) {
  await db.update(profiles).set(values).where(eq(profiles.id, businessId));
}

export async function createService(
  db: Database,
  businessId: string,
  values: Partial<typeof services.$inferInsert> & { name: string; basePriceCents: number },
) {
  const [row] = await db
    .insert(services)
    .values({ businessId, vehicleTypeMultipliers: { ...DEFAULT_VEHICLE_MULTIPLIERS }, ...values })
    .returning();
  return row!;
}

export async function createCustomer(
  db: Database,
  businessId: string,
  values: Partial<typeof customers.$inferInsert> & { firstName: string; lastName: string; email: string },
) {
  const [row] = await db
    .insert(customers)
    .values({ businessId, ...pointColumns(values.address), ...values })
    .returning();
  return row!;
}

export async function createVehicle(
  db: Database,
  businessId: string,
  customerId: string,
  values: { make: string; model: string; year?: number; color?: string; vehicleType: VehicleType },
) {
  const [row] = await db
    .insert(customerVehicles)
    .values({ businessId, customerId, ...values })
    .returning();
  return row!;
}

export async function createBooking(
  db: Database,
  businessId: string | null,
  values: {
    service: { id: string | null; name: string; durationMinutes: number };
    customerId?: string | null;
    customerVehicleId?: string | null;
    scheduledAt: Date;
    locationAddress: string;
    quotedPriceCents: number;
    status?: BookingStatus;
    finalPriceCents?: number | null;
    specialInstructions?: string | null;
  },
) {
  const status = values.status ?? 'pending';
  const [row] = await db
    .insert(bookings)
    .values({
      businessId,
      serviceId: values.service.id,
      serviceName: values.service.name,
      durationMinutes: values.service.durationMinutes,
      customerId: values.customerId ?? null,
      customerVehicleId: values.customerVehicleId ?? null,
      scheduledAt: values.scheduledAt,
      locationAddress: values.locationAddress,
      // Stored as the app's write paths store them (decision 1215).
      ...pointColumns(values.locationAddress),
      quotedPriceCents: values.quotedPriceCents,
      finalPriceCents:
        values.finalPriceCents === undefined ? values.quotedPriceCents : values.finalPriceCents,
      status,
      specialInstructions: values.specialInstructions ?? null,
    })
    .returning();
  return row!;
}

/** Assigns a booking to a technician of its business (features/team assignments). */
export async function assignBooking(
  db: Database,
  businessId: string,
  bookingId: string,
  technicianId: string,
) {
  await db.insert(bookingAssignments).values({ businessId, bookingId, technicianId });
}

export async function createServiceArea(
  db: Database,
  businessId: string,
  values: {
    zipCode: string;
    city: string;
    state: string;
    stateCode?: string;
    isActive?: boolean;
    launchDate?: string | null;
  },
) {
  const [row] = await db
    .insert(serviceAreas)
    .values({ businessId, ...values })
    .returning();
  return row!;
}

export async function createWaitlistEntry(db: Database, email: string, zipCode: string) {
  await db
    .insert(emailWaitlist)
    .values({ email: email.toLowerCase(), zipCode, userAgent: 'seed' })
    .onConflictDoNothing();
}

export async function createInventoryItem(
  db: Database,
  businessId: string,
  values: Partial<typeof inventoryItems.$inferInsert> & { name: string },
) {
  const [row] = await db
    .insert(inventoryItems)
    .values({ businessId, ...values })
    .returning();
  return row!;
}

/** A city SEO page as stored (content is taken as given: tests use this to store hostile HTML on purpose). */
export async function createSeoPage(
  db: Database,
  values: Partial<typeof citySeoPages.$inferInsert> & { slug: string; city: string; state: string },
) {
  const [row] = await db
    .insert(citySeoPages)
    .values({
      pageTitle: `Mobile Detailing in ${values.city}, ${values.state}`,
      keywords: ['mobile detailing'],
      status: 'complete',
      content: '<p>Hand washes and interior details at your door.</p>',
      ...values,
    })
    .returning();
  return row!;
}

export async function createTestimonial(
  db: Database,
  businessId: string,
  values: Partial<typeof testimonials.$inferInsert> & { customerName: string; testimonialText: string },
) {
  const [row] = await db
    .insert(testimonials)
    .values({ businessId, customerInitial: defaultInitial(values.customerName), ...values })
    .returning();
  return row!;
}

export async function setServiceConsumables(
  db: Database,
  businessId: string,
  serviceId: string,
  items: Array<{ inventoryItemId: string; quantity: number }>,
) {
  if (items.length === 0) return;
  await db.insert(serviceConsumables).values(items.map((i) => ({ businessId, serviceId, ...i })));
}
