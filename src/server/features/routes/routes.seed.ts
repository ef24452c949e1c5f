import { zonedTimeToUtc } from '../../../shared/time';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createOwnerAccount,
  grantRole,
} from '../../db/factories';

// The demo business's routes day (issue 27): three technicians with four jobs each, spread over greater Austin and
// handed out as a busy office does — each technician crossing town between jobs — so Optimize has minutes to save.

export const DEMO_ROUTE_TECHS = [
  { email: 'nina@shineroute.test', password: 'shine-demo-tech', firstName: 'Nina', lastName: 'Park' },
  { email: 'omar@shineroute.test', password: 'shine-demo-tech', firstName: 'Omar', lastName: 'Haddad' },
] as const;

/** North, south, east and west of the base, each a few zip codes. */
const AREAS = [
  ['78664', '78681', '78717', '78728'],
  ['78745', '78748', '78747', '78652'],
  ['78724', '78725', '78653', '78621'],
  ['78733', '78738', '78735', '78746'],
] as const;
const TIMES = ['09:00', '11:00', '13:00', '15:00'] as const;
const NAMES = [
  'Avery Cole',
  'Blake Duran',
  'Cam Ellis',
  'Drew Fox',
  'Eden Gray',
  'Finn Hale',
  'Gia Ivers',
  'Hugo James',
  'Ivy Kent',
  'Jude Lowe',
  'Kai Moss',
  'Lena Nash',
] as const;

export async function seedRoutesDemo(
  db: Database,
  auth: Auth,
  opts: {
    ownerId: string;
    /** The demo technician already seeded (Theo). */
    techId: string;
    date: string;
    timeZone: string;
    service: { id: string; name: string; durationMinutes: number };
    priceCents: number;
  },
) {
  const techs = [opts.techId];
  for (const t of DEMO_ROUTE_TECHS) {
    const id = await createOwnerAccount(db, auth, t, { verified: true });
    await grantRole(db, id, 'technician', opts.ownerId);
    techs.push(id);
  }
  let n = 0;
  for (const [slot, time] of TIMES.entries()) {
    for (const [k, techId] of techs.entries()) {
      // Technician k's job at this hour is in area (k + slot) % 4: every hour each crosses to another side of town.
      const zip = AREAS[(k + slot) % AREAS.length]![slot]!;
      const [first, last] = NAMES[n]!.split(' ') as [string, string];
      const address = `${200 + n * 7} Route Demo Rd, Austin, TX ${zip}`;
      const customer = await createCustomer(db, opts.ownerId, {
        firstName: first,
        lastName: last,
        email: `${first}.${last}@example.com`.toLowerCase(),
        phone: `(512) 555-${String(2000 + n * 41).slice(-4)}`,
        address,
      });
      const booking = await createBooking(db, opts.ownerId, {
        service: opts.service,
        customerId: customer.id,
        scheduledAt: zonedTimeToUtc(opts.date, time, opts.timeZone),
        locationAddress: address,
        quotedPriceCents: opts.priceCents,
        finalPriceCents: null,
        status: 'confirmed',
      });
      await assignBooking(db, opts.ownerId, booking.id, techId);
      n++;
    }
  }
}
