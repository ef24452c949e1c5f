import { addDays, DEFAULT_TIME_ZONE, todayInZone } from '../../../../shared/time';
import type { Database } from '../../../db/client';
import { createService, updateProfile } from '../../../db/factories';
import { createTestModeAccount } from '../../payouts/payment-accounts.service';

/** A business that takes online bookings, with one service per entry (test data for the booking API tests). */
export async function bookableBusiness(
  db: Database,
  businessId: string,
  serviceList: Array<{
    name: string;
    basePriceCents: number;
    durationMinutes?: number;
    isActive?: boolean;
  }> = [{ name: 'Premium Detail', basePriceCents: 12000, durationMinutes: 180 }],
) {
  await updateProfile(db, businessId, {
    businessName: 'Test Detailing Co',
    businessEmail: 'hello@test-detailing.test',
    phone: '(512) 555-0100',
  });
  await createTestModeAccount(db, businessId);
  const created = [];
  for (const s of serviceList) created.push(await createService(db, businessId, s));
  return created;
}

/** A date some days ahead in the default zone (YYYY-MM-DD). */
export const daysAhead = (n: number) => addDays(todayInZone(DEFAULT_TIME_ZONE), n);

export function bookingForm(overrides: Record<string, unknown> = {}) {
  return {
    businessId: null as string | null,
    serviceId: '',
    vehicleType: 'sedan',
    date: daysAhead(7),
    time: '10:00',
    location: '500 Congress Ave, Austin, TX',
    zip: '78701',
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: 'casey@example.com',
    phone: '(512) 555-0199',
    vehicleMake: 'Honda',
    vehicleModel: 'CR-V',
    vehicleYear: '2021',
    vehicleColor: 'Blue',
    notes: 'Gate code 1234',
    ...overrides,
  };
}
