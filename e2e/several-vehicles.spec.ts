import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { formatDuration } from '../src/shared/clock-labels';
import { newBookableBusiness } from './fixtures';
import { shot } from './screenshot';

// Several vehicles in one booking (decision 1325), on a phone: a household books two cars on /book, each with its
// own service, sees each vehicle priced and the total, pays once on the test checkout, and the owner sees both.

const futureDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a household books two vehicles at once on a phone and pays once; the owner sees both', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [
    { name: 'Full Detail', basePriceCents: 20_000, durationMinutes: 120 },
    { name: 'Exterior Wash', basePriceCents: 4_500, durationMinutes: 60 },
  ]);

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await visitorContext.newPage();
  await page.goto(`/book/${business.slug}`);
  await page.getByRole('radio', { name: /Full Detail/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'SUV' }).click();
  await page.getByLabel('Make', { exact: true }).fill('Honda');
  await page.getByLabel('Model', { exact: true }).fill('Pilot');

  // The second car: its own type and service.
  await page.getByRole('button', { name: 'Add another vehicle' }).click();
  const second = page.getByRole('group', { name: 'Vehicle 2' });
  await second.getByLabel('Vehicle 2 type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await second.getByLabel('Vehicle 2 service').click();
  await page.getByRole('option', { name: 'Exterior Wash' }).click();
  await second.getByLabel('Vehicle 2 make').fill('Toyota');
  await second.getByLabel('Vehicle 2 model').fill('Camry');

  await expect(page.getByTestId('price-vehicle')).toHaveText(/Vehicle 2: Exterior Wash \(Sedan\)\$45\.00/);
  await expect(page.getByTestId('price-total')).toHaveText('$285.00'); // $200 × 1.2 + $45
  await expect(page.getByText(formatDuration(180), { exact: true })).toBeVisible(); // 2 h + 1 h

  const lastName = `Household${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Date').fill(futureDate(22));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '10:00 AM' }).click();
  await page.getByLabel('Address').fill('77 Rainey St, Austin, TX');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await shot(page, 'book-two-vehicles');

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$285.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await checkout.waitForURL(/\/booking-success\?session_id=cs_test_/);
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  // The owner's booking: one booking, 3 hours, both vehicles with their services.
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill(lastName);
  const card = owner.getByTestId('booking-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('$285.00');
  await card.getByRole('button', { name: 'Details' }).click();
  const vehicles = owner.getByRole('dialog').getByTestId('booking-vehicles');
  await expect(vehicles.getByRole('listitem')).toHaveCount(2);
  await expect(vehicles.getByRole('listitem').nth(0)).toContainText('Vehicle 1: Honda Pilot · SUV');
  await expect(vehicles.getByRole('listitem').nth(0)).toContainText('Full Detail');
  await expect(vehicles.getByRole('listitem').nth(1)).toContainText('Vehicle 2: Toyota Camry · Sedan');
  await expect(vehicles.getByRole('listitem').nth(1)).toContainText('Exterior Wash');
  await shot(owner, 'owner-booking-two-vehicles');
  await owner.setViewportSize({ width: 1280, height: 900 });
  await shot(owner, 'owner-booking-two-vehicles');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'book-two-vehicles');

  // The job on the field app: each vehicle with its service.
  const list = await (await owner.request.get(`/api/bookings?q=${lastName}`)).json();
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto(`/field/jobs/${list.items[0].id}`);
  const jobVehicles = owner.getByTestId('job-vehicles');
  await expect(jobVehicles.getByRole('listitem')).toHaveCount(2);
  await expect(jobVehicles).toContainText('Vehicle 2: Toyota Camry · Sedan');
  await expect(jobVehicles).toContainText('Exterior Wash');
  await shot(owner, 'field-job-two-vehicles');

  // The owner's Edit changes every vehicle (decision 1343): Vehicle 2 becomes an SUV, a third car is added; the
  // price and length are the three vehicles' sums.
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await owner.goto('/bookings?view=list');
    await owner.getByLabel('Search bookings').fill(lastName);
    await owner.getByTestId('booking-card').getByRole('button', { name: 'Details' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    const edit = owner.getByRole('dialog', { name: 'Edit Booking' });
    await expect(edit.getByRole('group', { name: 'Vehicle 2' })).toBeVisible();
    await expect(edit.getByLabel('Vehicle 2 make')).toHaveValue('Toyota');
    await shot(owner, 'owner-edit-vehicles');
    if (width === 390) await owner.keyboard.press('Escape');
  }
  // The dialog at 1280 px stays open for the change.
  const edit = owner.getByRole('dialog', { name: 'Edit Booking' });
  const v2 = edit.getByRole('group', { name: 'Vehicle 2' });
  await v2.getByLabel('Vehicle 2 type').click();
  await owner.getByRole('option', { name: 'SUV' }).click();
  await edit.getByRole('button', { name: 'Add another vehicle' }).click();
  const v3 = edit.getByRole('group', { name: 'Vehicle 3' });
  await v3.getByLabel('Vehicle 3 type').click();
  await owner.getByRole('option', { name: 'Sedan' }).click();
  await v3.getByLabel('Vehicle 3 service').click();
  await owner.getByRole('option', { name: 'Exterior Wash' }).click();
  await v3.getByLabel('Vehicle 3 make').fill('Kia');
  await v3.getByLabel('Vehicle 3 model').fill('Rio');
  // $240 + $54 + $45.
  await expect(edit).toContainText('list price for these vehicles: $339.00');
  await shot(owner, 'owner-edit-three-vehicles');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const saved = owner.getByRole('dialog').getByTestId('booking-vehicles');
  await expect(saved.getByRole('listitem')).toHaveCount(3);
  await expect(saved.getByRole('listitem').nth(1)).toContainText('Vehicle 2: Toyota Camry · SUV');
  await expect(saved.getByRole('listitem').nth(2)).toContainText('Vehicle 3: Kia Rio · Sedan');
  await expect(owner.getByRole('dialog')).toContainText('$339.00');
  await ownerContext.close();
  await visitorContext.close();
});
