import { expect, type Locator, test } from '@playwright/test';
import { addDays, todayInZone } from '../src/shared/time';
import { DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

// Issue 25 item 1: a phone-in booking for an existing customer's saved truck is priced as a truck and rewrites
// neither the saved vehicle nor the customer's earlier jobs.

const DEMO_ZONE = 'America/Chicago';

async function pickOption(dialog: Locator, label: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await dialog
    .page()
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
}

interface CustomerDetail {
  vehicles: Array<{ make: string; model: string; vehicleType: string }>;
  bookings: Array<{ id: string; status: string; scheduledAt: string; quotedPriceCents: number }>;
}

test('New booking for Marcus Bell’s saved F-150 keeps it a truck and prices it as one', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  const found = await (await page.request.get('/api/customers?q=marcus.bell')).json();
  const marcusId: string = found.items[0].id;
  const detailOf = async () =>
    (await (await page.request.get(`/api/customers/${marcusId}`)).json()) as CustomerDetail;
  const before = await detailOf();
  const completedBefore = before.bookings.filter((b) => b.status === 'completed').map((b) => b.id);
  expect(completedBefore.length).toBeGreaterThan(0);

  await page.goto('/bookings');
  await page.getByRole('button', { name: 'New Booking' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await dialog.getByRole('radio', { name: 'Existing customer' }).click();
  await dialog.getByLabel('Find a customer').fill('Marcus');
  await dialog.getByRole('radio', { name: /Marcus Bell/ }).check();
  await pickOption(dialog, 'Vehicle', 'Black 2019 Ford F-150 · Truck');
  // The type comes with the saved vehicle; it does not fall back to Sedan.
  const type = dialog.getByRole('combobox', { name: 'Vehicle type', exact: true });
  await expect(type).toHaveText('Truck');
  await expect(type).toBeDisabled();
  await expect(dialog.getByText('As saved with this vehicle')).toBeVisible();
  await pickOption(dialog, 'Service', /Premium Detail/);
  // Premium Detail $120.00 × 1.3 (truck).
  await expect(dialog.getByText('(list price for a truck: $156.00)')).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await type.scrollIntoViewIfNeeded();
    await shot(page, 'new-booking-saved-vehicle', { viewportOnly: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const date = addDays(todayInZone(DEMO_ZONE), 36);
  await dialog.getByLabel('Date').fill(date);
  await pickOption(dialog, 'Time', '11:00 AM');
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Booking created')).toBeVisible();

  const details = page.getByRole('dialog', { name: /Marcus Bell/ });
  await expect(details.getByText('Black 2019 Ford F-150 · Truck')).toBeVisible();
  await expect(details.getByText('$156.00')).toBeVisible();

  // The saved vehicle and the earlier completed jobs read as before.
  const after = await detailOf();
  expect(after.vehicles).toEqual([
    expect.objectContaining({ make: 'Ford', model: 'F-150', vehicleType: 'truck' }),
  ]);
  for (const id of completedBefore) {
    const job = await (await page.request.get(`/api/bookings/${id}`)).json();
    expect(job.vehicle).toMatchObject({ model: 'F-150', vehicleType: 'truck' });
  }
  const created = after.bookings.filter((b) => !before.bookings.some((x) => x.id === b.id));
  expect(created.map((b) => b.quotedPriceCents)).toEqual([15600]);
});
