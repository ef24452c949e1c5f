import { mkdirSync } from 'node:fs';
import { addDays, todayInZone } from '../src/shared/time';
import { expect, linkFrom, signUpNewOwner, test } from './fixtures';

// Issue 26's offline promise, end to end: a technician on a phone opens their job, loses signal, checks in, ticks the
// checklist and writes a note; the app shows them pending, sends them when the network is back, and the owner reads
// them on the booking's Field panel.

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const ZONE = 'America/Chicago';

test('a technician works a job offline; it syncs when the network is back and the owner sees it', async ({
  page,
  browser,
  newOwner,
  outbox,
}) => {
  test.setTimeout(120_000);
  await newOwner({ plan: 'pro', firstName: 'Olive', lastName: 'Owner' });
  // The technician joins the owner's team from a phone of their own (390 px, a GPS fix for check-in).
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 30.2672, longitude: -97.7431, accuracy: 12 },
    permissions: ['geolocation'],
  });
  const tech = await signUpNewOwner(phone, { firstName: 'Theo', lastName: 'Tech' });
  expect((await page.request.post('/api/team/invitations', { data: { email: tech.email } })).status()).toBe(
    201,
  );
  const token = (await linkFrom(outbox, tech.email, /\/join\/[A-Za-z0-9_-]+/)).split('/').pop()!;
  expect((await phone.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);

  // A service with a checklist, and tomorrow's job of it given to the technician.
  const service = await page.request.post('/api/services', {
    data: { name: 'Offline Detail', basePriceCents: 15000, durationMinutes: 120 },
  });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { id: string }).id;
  const checklist = await page.request.put(`/api/services/${serviceId}/checklist`, {
    data: { items: [{ label: 'Vacuum seats' }, { label: 'Dress tires' }] },
  });
  expect(checklist.status()).toBe(200);
  const day = addDays(todayInZone(ZONE), 1);
  const booking = await page.request.post('/api/bookings', {
    data: {
      customer: {
        firstName: 'Dana',
        lastName: 'Garage',
        email: `dana-${tech.userId}@example.com`,
        phone: null,
      },
      vehicle: { make: 'Honda', model: 'Civic', color: null },
      vehicleType: 'sedan',
      serviceId,
      date: day,
      time: '09:00',
      locationAddress: '1 Main St, Austin, TX 78701',
      notes: null,
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const bookingId = ((await booking.json()) as { id: string }).id;
  const assigned = await page.request.put(`/api/team/assignments/${bookingId}`, {
    data: { technicianId: tech.userId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // Online: the field app opens and keeps tomorrow's job on the phone.
  const field = await phone.newPage();
  await field.goto('/field');
  await expect(field.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await field.goto('/field/tomorrow');
  await field.getByTestId('field-job').filter({ hasText: 'Dana Garage' }).click();
  await expect(field.getByRole('heading', { level: 1, name: 'Dana Garage' })).toBeVisible();

  // In the garage: no signal. Every action is kept on the phone and shown at once.
  await phone.setOffline(true);
  await field.getByRole('button', { name: 'Check in' }).click();
  // The box shows the outbox's state a moment after the tap (checked below), so a click, not check().
  await field.getByRole('checkbox', { name: 'Vacuum seats' }).click();
  await field.getByLabel('Add a note').fill('Parked on level 3, no signal down here');
  await field.getByRole('button', { name: 'Save note' }).click();
  await expect(field.getByTestId('pending-badge')).toHaveText('3 pending');
  await expect(field.getByRole('checkbox', { name: 'Vacuum seats' })).toBeChecked();
  await field.screenshot({ path: `${SHOTS}/field-offline-pending-390.png`, fullPage: true });

  // Back in signal: the outbox sends on `online`; the badge goes when all three are saved.
  await phone.setOffline(false);
  await expect(field.getByTestId('pending-badge')).toBeHidden({ timeout: 30_000 });
  await field.screenshot({ path: `${SHOTS}/field-offline-synced-390.png`, fullPage: true });
  await phone.close();

  // The owner opens the booking: the Field panel shows what the technician did in the garage.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/bookings?view=day&date=${day}`);
  await page.getByTestId('grid-booking').filter({ hasText: 'Dana Garage' }).click();
  const dialog = page.getByRole('dialog');
  const timeline = dialog.getByRole('list', { name: 'Field timeline' });
  await expect(timeline).toContainText('Checked in');
  await expect(timeline).toContainText('Theo Tech');
  await expect(dialog.getByText('Checklist (1/2)')).toBeVisible();
  await expect(dialog.getByText('Parked on level 3, no signal down here')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/field-offline-owner-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByText('Parked on level 3, no signal down here').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/field-offline-owner-390.png` });
});
