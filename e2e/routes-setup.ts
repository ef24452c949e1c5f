import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { todayInZone } from '../src/shared/time';
import { FIELD_ZONE, useFieldZone as inFieldZone, joinTeam } from './field';
import { expect, type OutboxMessage, signUpNewOwner } from './fixtures';

// The day that the Routes journeys (routes-drag, routes-locations) start from: an owner of a new business in the
// field's time zone, Theo and Nina on its team, an Express Wash service, and a way to book today's jobs for either.

type Tech = { context: BrowserContext | APIRequestContext; firstName?: string; lastName: string };

export async function routesDay(
  page: Page,
  outbox: (to: string) => Promise<OutboxMessage[]>,
  opts: { plan: 'pro' | 'elite'; theo: Tech; nina: Tech },
) {
  await signUpNewOwner(page, { plan: opts.plan });
  await inFieldZone(page);
  const theo = await joinTeam(page, opts.theo.context, outbox, {
    firstName: opts.theo.firstName ?? 'Theo',
    lastName: opts.theo.lastName,
  });
  const nina = await joinTeam(page, opts.nina.context, outbox, {
    firstName: opts.nina.firstName ?? 'Nina',
    lastName: opts.nina.lastName,
  });
  const service = await page.request.post('/api/services', {
    data: { name: 'Express Wash', basePriceCents: 6000, durationMinutes: 60 },
  });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { id: string }).id;
  const today = todayInZone(FIELD_ZONE);

  /** Books Cy {last} today at `time` in `zip` (at `locationId` when given) and assigns it; answers its id. */
  const job = async (last: string, time: string, zip: string, technicianId: string, locationId?: string) => {
    const res = await page.request.post('/api/bookings', {
      data: {
        customer: {
          firstName: 'Cy',
          lastName: last,
          email: `cy-${last.toLowerCase()}-${Date.now()}@example.com`,
          phone: null,
        },
        vehicle: { make: 'Honda', model: 'Civic', color: null },
        vehicleType: 'sedan',
        serviceId,
        date: today,
        time,
        locationAddress: `1 Main St, Austin, TX ${zip}`,
        notes: null,
        ...(locationId ? { locationId } : {}),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const assigned = await page.request.put(`/api/team/assignments/${id}`, { data: { technicianId } });
    expect(assigned.status()).toBe(200);
    return id;
  };

  return { theo, nina, serviceId, today, job };
}
