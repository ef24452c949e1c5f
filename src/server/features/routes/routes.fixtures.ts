import { zonedTimeToUtc } from '../../../shared/time';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createOwnerAccount,
  createService,
  grantRole,
  updateProfile,
} from '../../db/factories';
import type { createTestContext } from '../../test/harness';

// The Routes tests' day (issue 27): a business whose two technicians criss-cross Austin, shared by the API tests.

type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export const DATE = '2030-03-12';
export const TZ = 'America/Chicago';

export function crissCrossDays(t: TestContext) {
  const at = (time: string) => zonedTimeToUtc(DATE, time, TZ);
  async function technician(businessId: string, name: string) {
    const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const password = 'correct-horse-battery';
    const id = await createOwnerAccount(t.db, t.auth, { email, password, firstName: name, lastName: 'Tech' });
    await grantRole(t.db, id, 'technician', businessId);
    return { id, email, password };
  }

  /** A business whose two technicians criss-cross the city: each has two jobs north and two south. */
  async function crissCrossDay(plan: 'starter' | 'pro' | 'elite' = 'pro') {
    const owner = await t.signUp({ plan });
    await updateProfile(t.db, owner.userId, {
      businessName: 'Criss Cross Detailing',
      timeZone: TZ,
      businessAddress: '500 Congress Ave, Austin, TX 78701',
      baseLatitude: 30.27,
      baseLongitude: -97.74,
    });
    const service = await createService(t.db, owner.userId, {
      name: 'Full Detail',
      basePriceCents: 10000,
      durationMinutes: 60,
    });
    const ana = await technician(owner.userId, 'Ana');
    const ben = await technician(owner.userId, 'Ben');
    const north = ['78664', '78681', '78717', '78728'];
    const south = ['78745', '78748', '78747', '78652'];
    const times = ['09:00', '11:00', '13:00', '15:00'];
    const jobs: { id: string; tech: string; zip: string }[] = [];
    for (let i = 0; i < 4; i++) {
      for (const [tech, zip] of [
        [ana.id, i % 2 === 0 ? north[i]! : south[i]!],
        [ben.id, i % 2 === 0 ? south[i]! : north[i]!],
      ] as const) {
        const customer = await createCustomer(t.db, owner.userId, {
          firstName: `C${jobs.length}`,
          lastName: 'Driver',
          email: `c${jobs.length}-${crypto.randomUUID().slice(0, 6)}@example.com`,
          address: `${i + 1} Main St, Austin, TX ${zip}`,
        });
        const b = await createBooking(t.db, owner.userId, {
          service: { id: service.id, name: service.name, durationMinutes: 60 },
          customerId: customer.id,
          scheduledAt: at(times[i]!),
          locationAddress: `${i + 1} Main St, Austin, TX ${zip}`,
          quotedPriceCents: 10000,
          status: 'confirmed',
        });
        await assignBooking(t.db, owner.userId, b.id, tech);
        jobs.push({ id: b.id, tech, zip });
      }
    }
    return { owner, ana, ben, jobs, service };
  }

  return { technician, crissCrossDay };
}
