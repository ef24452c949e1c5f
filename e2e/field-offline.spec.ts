import { mkdirSync } from 'node:fs';
import { addDays, todayInZone } from '../src/shared/time';
import { assignedJob, FIELD_ZONE, joinTeam, newPhone, useFieldZone } from './field';
import { expect, test } from './fixtures';
import { shot } from './screenshot';

// Issue 26's offline promise, end to end: a technician on a phone opens their job, loses signal, checks in, ticks the
// checklist and writes a note; the app shows them pending, sends them when the network is back, and the owner reads
// them on the booking's Field panel.

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('a technician works a job offline; it syncs when the network is back and the owner sees it', async ({
  page,
  browser,
  newOwner,
  outbox,
}) => {
  test.setTimeout(120_000);
  await newOwner({ plan: 'pro', firstName: 'Olive', lastName: 'Owner' });
  await useFieldZone(page);
  // The technician joins the owner's team from a phone of their own; tomorrow's job of a service with a checklist is
  // given to them.
  const phone = await newPhone(browser);
  const tech = await joinTeam(page, phone, outbox);
  const day = addDays(todayInZone(FIELD_ZONE), 1);
  await assignedJob(page, {
    technicianId: tech.userId,
    date: day,
    customer: { firstName: 'Dana', lastName: 'Garage', email: `dana-${tech.userId}@example.com` },
    serviceName: 'Offline Detail',
    checklist: ['Vacuum seats', 'Dress tires'],
    // A household's second car of the same service: its checklist is its own (decision 1344).
    extraVehicles: [{ vehicleMake: 'Honda', vehicleModel: 'CR-V' }],
  });

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
  // Each vehicle has its checklist under its heading; "Vacuum seats" is ticked for the second car only.
  const firstCar = field.getByRole('region', { name: /^Vehicle 1 — Honda Civic/ });
  const secondCar = field.getByRole('region', { name: /^Vehicle 2 — Honda CR-V/ });
  await expect(
    secondCar.getByRole('heading', { name: /Vehicle 2 — Honda CR-V · Offline Detail/ }),
  ).toBeVisible();
  // The box shows the outbox's state a moment after the tap (checked below), so a click, not check().
  await secondCar.getByRole('checkbox', { name: 'Vacuum seats' }).click();
  await field.getByLabel('Add a note').fill('Parked on level 3, no signal down here');
  await field.getByRole('button', { name: 'Save note' }).click();
  await expect(field.getByTestId('pending-badge')).toHaveText('3 pending');
  await expect(secondCar.getByRole('checkbox', { name: 'Vacuum seats' })).toBeChecked();
  await expect(firstCar.getByRole('checkbox', { name: 'Vacuum seats' })).not.toBeChecked();
  expect(await field.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(field, 'field-offline-pending');

  // Back in signal: the outbox sends on `online`; the badge goes when all three are saved.
  await phone.setOffline(false);
  await expect(field.getByTestId('pending-badge')).toBeHidden({ timeout: 30_000 });
  await shot(field, 'field-offline-synced');
  // Read again from the server: the tick stayed with the second car.
  await field.reload();
  await expect(secondCar.getByRole('checkbox', { name: 'Vacuum seats' })).toBeChecked();
  await expect(firstCar.getByRole('checkbox', { name: 'Vacuum seats' })).not.toBeChecked();
  await phone.close();

  // The owner opens the booking: the Field panel shows what the technician did in the garage.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/bookings?view=day&date=${day}`);
  await page.getByTestId('grid-booking').filter({ hasText: 'Dana Garage' }).click();
  const dialog = page.getByRole('dialog');
  const timeline = dialog.getByRole('list', { name: 'Field timeline' });
  await expect(timeline).toContainText('Checked in');
  await expect(timeline).toContainText('Theo Tech');
  await expect(dialog.getByText('Checklist (1/4)')).toBeVisible();
  await expect(dialog.getByText('Parked on level 3, no signal down here')).toBeVisible();
  await shot(page, 'field-offline-owner', { viewportOnly: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByText('Parked on level 3, no signal down here').scrollIntoViewIfNeeded();
  await shot(page, 'field-offline-owner', { viewportOnly: true });
});
