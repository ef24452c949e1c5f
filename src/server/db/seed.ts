import { and, eq, inArray } from 'drizzle-orm';
import { type BookingStatus, DEMO_SERVICES, type VehicleType } from '../../shared/constants';
import { servicePriceCents } from '../../shared/pricing';
import { addDays, DEFAULT_TIME_ZONE, todayInZone, zonedTimeToUtc } from '../../shared/time';
import type { Auth } from '../auth/auth';
import { seedAnalyticsDemo } from '../features/analytics/analytics.seed';
import { generateBusinessPage } from '../features/business-profile/business-page.service';
import { putServiceChecklist } from '../features/field/checklist.service';
import { deductStockForCompletedBooking } from '../features/inventory/service-usage.service';
import { seedInvoicesDemo } from '../features/invoices/invoices.seed';
import { earnPointsForBooking } from '../features/loyalty/points-ledger';
import { createTestModeAccount } from '../features/payouts/payment-accounts.service';
import type { PlatformFee } from '../features/payouts/platform-fee';
import { seedRoutesDemo } from '../features/routes/routes.seed';
import { seedSeoDemo } from '../features/seo/seo.seed';
import type { Database } from './client';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createInventoryItem,
  createOwnerAccount,
  createService,
  createServiceArea,
  createVehicle,
  createWaitlistEntry,
  grantRole,
  setServiceConsumables,
  updateProfile,
} from './factories';
import { inventoryItems, stockMovements, user } from './schema';

export const DEMO_OWNER = {
  email: 'owner@shineroute.test',
  password: 'shine-demo-owner',
  firstName: 'Maya',
  lastName: 'Alvarez',
};
export const DEMO_ADMIN = {
  email: 'admin@shineroute.test',
  password: 'shine-demo-admin',
  firstName: 'Platform',
  lastName: 'Admin',
};

/** A technician of the demo business, with jobs assigned today and tomorrow (decision 1160). */
export const DEMO_TECH = {
  email: 'tech@shineroute.test',
  password: 'shine-demo-tech',
  firstName: 'Theo',
  lastName: 'Ramirez',
};

const DEMO_CHECKLIST = [
  'Walk around the vehicle with the customer',
  'Before photos of every side',
  'Wash, dry and decontaminate the paint',
  'Vacuum and wipe down the interior',
  'Clean windows inside and out',
  'Dress tires and trim',
  'After photos and final walk-around',
];

const CUSTOMERS: Array<[string, string, string, string, VehicleType, number, string]> = [
  ['Jordan', 'Reyes', 'Toyota', 'Camry', 'sedan', 2021, 'Silver'],
  ['Priya', 'Shah', 'Honda', 'CR-V', 'suv', 2022, 'Blue'],
  ['Marcus', 'Bell', 'Ford', 'F-150', 'truck', 2019, 'Black'],
  ['Elena', 'Kowalski', 'Tesla', 'Model 3', 'sedan', 2023, 'White'],
  ['Devon', 'Carter', 'Chevrolet', 'Tahoe', 'suv', 2020, 'Gray'],
  ['Aisha', 'Nguyen', 'Mazda', 'MX-5 Miata', 'convertible', 2018, 'Red'],
  ['Luis', 'Ortega', 'Ram', '1500', 'truck', 2021, 'Bronze'],
  ['Hannah', 'Schmidt', 'Honda', 'Odyssey', 'van', 2017, 'Gray'],
  ['Tyler', 'Brooks', 'Ford', 'Mustang', 'coupe', 2022, 'Yellow'],
  ['Sofia', 'Martinez', 'BMW', 'X5', 'suv', 2023, 'Black'],
  ['Noah', 'Kim', 'Harley-Davidson', 'Street Glide', 'motorcycle', 2020, 'Black'],
  ['Grace', 'Okafor', 'Subaru', 'Outback', 'suv', 2019, 'Green'],
];

const STREETS = [
  'Congress Ave',
  'Lamar Blvd',
  'S 1st St',
  'E 6th St',
  'Barton Springs Rd',
  'Guadalupe St',
  'Red River St',
];

/** Creates the demo business and admin once; running it again changes nothing. */
export async function seedDemo(
  db: Database,
  auth: Auth,
  opts: { platformFee?: PlatformFee } = {},
): Promise<{ created: boolean }> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_OWNER.email));
  if (existing) return { created: false };

  const adminId = await createOwnerAccount(db, auth, DEMO_ADMIN, { verified: true });
  await grantRole(db, adminId, 'admin');
  await updateProfile(db, adminId, { businessName: 'ShineRoute Platform' });

  const ownerId = await createOwnerAccount(db, auth, DEMO_OWNER, { verified: true });
  await updateProfile(db, ownerId, {
    businessName: 'Lone Star Mobile Detailing',
    businessTagline: 'Showroom shine in your driveway',
    businessDescription: 'Family-run mobile detailing serving central Austin since 2017.',
    businessAddress: '500 Congress Ave, Austin, TX 78701',
    serviceRadiusMiles: 25,
    phone: '(512) 555-0142',
    businessEmail: 'hello@lonestardetailing.test',
    websiteUrl: 'https://lonestardetailing.test',
    yearsInBusiness: 8,
    // Elite shows every screen of the product (docs/decisions/0803).
    subscriptionTier: 'elite',
    paymentsEnabledAt: new Date(),
  });
  await createTestModeAccount(db, ownerId);

  const serviceRows = [];
  for (const s of DEMO_SERVICES) {
    serviceRows.push(
      await createService(db, ownerId, {
        name: s.name,
        basePriceCents: s.basePriceCents,
        durationMinutes: s.durationMinutes,
        description: `${s.name} at your home or office.`,
      }),
    );
  }

  // Each demo service's checklist, which the field app shows on the technician's jobs (issue 26).
  for (const service of serviceRows)
    await putServiceChecklist(db, ownerId, service.id, {
      items: DEMO_CHECKLIST.map((label) => ({ label })),
    });

  const customerRows = [];
  for (const [i, [first, last, make, model, type, year, color]] of CUSTOMERS.entries()) {
    const customer = await createCustomer(db, ownerId, {
      firstName: first,
      lastName: last,
      email: `${first}.${last}@example.com`.toLowerCase(),
      phone: `(512) 555-${String(1000 + i * 37).slice(-4)}`,
      address: `${100 + i * 11} ${STREETS[i % STREETS.length]}, Austin, TX 78701`,
    });
    const vehicle = await createVehicle(db, ownerId, customer.id, {
      make,
      model,
      year,
      color,
      vehicleType: type,
    });
    customerRows.push({ customer, vehicle });
  }

  // Bookings spread over the last 90 days and the next 14, in every status, at slot times in the business's zone.
  const day = 24 * 60 * 60 * 1000;
  const today = todayInZone(DEFAULT_TIME_ZONE);
  const pastStatuses: BookingStatus[] = [
    'completed',
    'completed',
    'completed',
    'cancelled',
    'completed',
    'no_show',
  ];
  const futureStatuses: BookingStatus[] = ['pending', 'confirmed', 'confirmed', 'pending'];
  const plan: Array<{ offsetDays: number; status: BookingStatus }> = [];
  for (let i = 0; i < 24; i++)
    plan.push({ offsetDays: -88 + i * 3.7, status: pastStatuses[i % pastStatuses.length]! });
  // A confirmed job whose time has passed: the owner can start it late or mark it a no-show.
  plan[23]!.status = 'confirmed';
  plan.push({ offsetDays: 0, status: 'in_progress' });
  for (let i = 0; i < 10; i++)
    plan.push({ offsetDays: 1 + i * 1.3, status: futureStatuses[i % futureStatuses.length]! });

  const bookingRows = [];
  for (const [i, { offsetDays, status }] of plan.entries()) {
    const { customer, vehicle } = customerRows[i % customerRows.length]!;
    const service = serviceRows[i % serviceRows.length]!;
    const time = `${String(8 + (i % 8)).padStart(2, '0')}:00`;
    const scheduledAt = zonedTimeToUtc(addDays(today, Math.floor(offsetDays)), time, DEFAULT_TIME_ZONE);
    const price = servicePriceCents(service, vehicle.vehicleType);
    const booking = await createBooking(db, ownerId, {
      service,
      customerId: customer.id,
      customerVehicleId: vehicle.id,
      scheduledAt,
      locationAddress: customer.address ?? '500 Congress Ave, Austin, TX 78701',
      quotedPriceCents: price,
      finalPriceCents: status === 'completed' ? price : null,
      status,
    });
    bookingRows.push(booking);
    // A completed booking earns points, as completing one in the app does (features/loyalty).
    if (status === 'completed') {
      await earnPointsForBooking(db, {
        businessId: ownerId,
        customerId: customer.id,
        bookingId: booking.id,
        finalPriceCents: price,
        serviceName: service.name,
      });
    }
  }

  // The demo technician runs today's job and tomorrow's first ones.
  const techId = await createOwnerAccount(db, auth, DEMO_TECH, { verified: true });
  await grantRole(db, techId, 'technician', ownerId);
  for (const [i, { offsetDays }] of plan.entries()) {
    if (offsetDays >= 0 && offsetDays < 2) await assignBooking(db, ownerId, bookingRows[i]!.id, techId);
  }
  // Today's routes: Theo and two more technicians criss-crossing town, for the Routes screen (issue 27).
  await seedRoutesDemo(db, auth, {
    ownerId,
    techId,
    date: today,
    timeZone: DEFAULT_TIME_ZONE,
    service: serviceRows[0]!,
    priceCents: serviceRows[0]!.basePriceCents,
  });

  const inventory: Array<[string, string, number, number, number, string]> = [
    ['Ceramic Coating Kit', 'Coatings', 4, 3, 8900, 'Chemical Guys'],
    ['Microfiber Towels (12 pk)', 'Supplies', 18, 10, 1899, 'The Rag Company'],
    ['pH-Neutral Car Shampoo (1 gal)', 'Chemicals', 2, 3, 2499, 'Meguiar’s'],
    ['Interior Detailer Spray', 'Chemicals', 9, 4, 1299, 'Chemical Guys'],
    ['Tire Shine Gel', 'Chemicals', 0, 3, 1599, 'Adam’s Polishes'],
    ['Clay Bar Kit', 'Supplies', 6, 5, 2199, 'Mothers'],
    ['Glass Cleaner (32 oz)', 'Chemicals', 11, 4, 899, 'Invisible Glass'],
    ['Foam Applicator Pads', 'Supplies', 25, 10, 699, 'The Rag Company'],
  ];
  const itemIds: Record<string, string> = {};
  for (const [name, category, stock, alert, cost, supplier] of inventory) {
    const item = await createInventoryItem(db, ownerId, {
      name,
      category,
      currentStock: stock,
      minStockAlert: alert,
      unitCostCents: cost,
      supplier,
    });
    itemIds[name] = item.id;
  }
  await seedStockHistory(db, ownerId, serviceRows, itemIds, bookingRows);

  await createServiceArea(db, ownerId, {
    zipCode: '78701',
    city: 'Austin',
    state: 'Texas',
    stateCode: 'TX',
    isActive: true,
  });
  await createServiceArea(db, ownerId, {
    zipCode: '78704',
    city: 'Austin',
    state: 'Texas',
    stateCode: 'TX',
    isActive: true,
  });
  await createServiceArea(db, ownerId, {
    zipCode: '10001',
    city: 'New York',
    state: 'New York',
    stateCode: 'NY',
    isActive: false,
    launchDate: new Date(Date.now() + 45 * day).toISOString().slice(0, 10),
  });
  for (const email of ['chris.lee@example.com', 'dana.fox@example.com', 'sam.ito@example.com']) {
    await createWaitlistEntry(db, email, '10001');
  }
  await createWaitlistEntry(db, 'pat.moore@example.com', '73301');
  await seedSeoDemo(db, ownerId);
  await seedAnalyticsDemo(db, ownerId);
  await seedInvoicesDemo(db, ownerId, opts.platformFee);
  // The rest of the business profile, then its generated business page (with the featured reviews seeded above).
  await updateProfile(db, ownerId, {
    aboutOwner:
      'Maya Alvarez has detailed cars across Austin for over a decade and trains every technician herself.',
    insuranceInfo: '$2M general liability and garage keepers coverage',
    certifications: ['IDA Certified Detailer', 'Ceramic Pro Certified Installer'],
    specialties: ['Ceramic coatings', 'Paint correction', 'Interior deep cleaning'],
    serviceGuarantees: ['100% satisfaction or we re-detail for free', 'On-time arrival or $20 off'],
  });
  await generateBusinessPage(db, ownerId);
  return { created: true };
}

/**
 * What each demo service uses per job, and a consistent stock history: the opening stock, then the jobs of
 * the last 30 days deducted through the real deduction, ending at the intended stock levels.
 */
async function seedStockHistory(
  db: Database,
  ownerId: string,
  serviceRows: Array<{ id: string; name: string }>,
  itemIds: Record<string, string>,
  bookingRows: Array<{ id: string; serviceId: string | null; status: string; scheduledAt: Date }>,
) {
  const usage: Record<string, Array<[string, number]>> = {
    'Basic Wash & Vacuum': [
      ['pH-Neutral Car Shampoo (1 gal)', 1],
      ['Glass Cleaner (32 oz)', 1],
    ],
    'Premium Detail': [
      ['pH-Neutral Car Shampoo (1 gal)', 1],
      ['Interior Detailer Spray', 1],
      ['Tire Shine Gel', 1],
      ['Clay Bar Kit', 1],
    ],
    'Ceramic Coating': [
      ['Ceramic Coating Kit', 1],
      ['Clay Bar Kit', 1],
      ['Foam Applicator Pads', 2],
    ],
  };
  for (const service of serviceRows) {
    const lines = (usage[service.name] ?? []).map(([name, quantity]) => ({
      inventoryItemId: itemIds[name]!,
      quantity,
    }));
    await setServiceConsumables(db, ownerId, service.id, lines);
  }
  const day = 24 * 60 * 60 * 1000;
  const since = Date.now() - 30 * day;
  const recent = bookingRows.filter(
    (b) =>
      b.status === 'completed' && b.scheduledAt.getTime() >= since && b.scheduledAt.getTime() <= Date.now(),
  );
  // Raise each item by what the recent jobs will take, log that as the opening stock, then run the jobs.
  const needed = new Map<string, number>();
  for (const b of recent) {
    const name = serviceRows.find((s) => s.id === b.serviceId)?.name ?? '';
    for (const [item, qty] of usage[name] ?? [])
      needed.set(itemIds[item]!, (needed.get(itemIds[item]!) ?? 0) + qty);
  }
  const items = await db.select().from(inventoryItems).where(eq(inventoryItems.businessId, ownerId));
  for (const item of items) {
    const opening = item.currentStock + (needed.get(item.id) ?? 0);
    await db.update(inventoryItems).set({ currentStock: opening }).where(eq(inventoryItems.id, item.id));
    await db.insert(stockMovements).values({
      businessId: ownerId,
      inventoryItemId: item.id,
      change: opening,
      stockAfter: opening,
      reason: 'correction',
      note: 'Opening stock',
      createdAt: new Date(Date.now() - 45 * day),
    });
  }
  for (const b of recent.sort((x, y) => x.scheduledAt.getTime() - y.scheduledAt.getTime())) {
    await db.transaction((tx) => deductStockForCompletedBooking(tx, ownerId, b.id));
    await db
      .update(stockMovements)
      .set({ createdAt: new Date(b.scheduledAt.getTime() + 2 * 60 * 60 * 1000) })
      .where(and(eq(stockMovements.bookingId, b.id), inArray(stockMovements.reason, ['job'])));
  }
}
