import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { formatDuration } from '../src/shared/clock-labels';
import { newBookableBusiness, setPlan } from './fixtures';
import { shot } from './screenshot';

// Service add-ons (docs/decisions/1255): the owner adds one to a service, a customer books the service with it and
// sees it priced (the checkout charges the same), and the owner sees its attach rate in Analytics.

const futureDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a customer books a service with an add-on and sees it priced; the owner sees its attach rate', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [
    { name: 'Full Detail', basePriceCents: 20_000, durationMinutes: 120 },
  ]);
  await setPlan(owner, 'pro');

  // The owner adds "Pet hair removal" ($45, 30 min, SUVs/trucks/vans) on /services.
  await owner.goto('/services');
  await owner.getByRole('button', { name: 'Add-ons of Full Detail' }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('Add-on name').fill('Pet hair removal');
  await dialog.getByLabel('Price ($)').fill('45');
  await dialog.getByLabel('Extra minutes').fill('30');
  for (const type of ['SUV', 'Truck', 'Van']) await dialog.getByLabel(type, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  await expect(dialog.getByRole('list', { name: 'Add-ons' })).toContainText('Pet hair removal');
  await expect(dialog.getByRole('list', { name: 'Add-ons' })).toContainText('$45.00 · adds 30 min');
  await shot(owner, 'service-add-ons-dialog');
  await owner.keyboard.press('Escape');

  // The customer chooses the service and an SUV: the add-on is offered and suggested; ticked, it is priced.
  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(`/book/${business.slug}`);
  await page.getByRole('radio', { name: /Full Detail/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'SUV' }).click();
  const addOn = page.getByRole('checkbox', { name: /Pet hair removal/ });
  await expect(addOn).toBeVisible();
  await expect(page.getByText('Popular for SUVs, trucks and vans')).toBeVisible();
  await addOn.check();
  await expect(page.getByTestId('price-add-on')).toHaveText(/Add-on: Pet hair removal\+\$45\.00/);
  await expect(page.getByTestId('price-total')).toHaveText('$285.00'); // $200 × 1.2 + $45
  await expect(page.getByText(formatDuration(150), { exact: true })).toBeVisible(); // 2 h + 30 min
  const lastName = `Addon${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Date').fill(futureDate(23));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '10:00 AM' }).click();
  await page.getByLabel('Address').fill('77 Rainey St, Austin, TX');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await shot(page, 'book-with-add-on');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'book-with-add-on');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$285.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await checkout.waitForURL(/\/booking-success\?session_id=cs_test_/);
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  // The owner's Analytics, over a range that holds the booking: 1 of 1 bookings took it.
  const from = new Date().toISOString().slice(0, 10);
  await owner.goto(`/analytics?from=${from}&to=${futureDate(30)}`);
  const table = owner.getByRole('table', { name: 'Add-on attach rate' });
  await expect(table).toContainText('Pet hair removal');
  await expect(table).toContainText('1 of 1');
  await expect(table).toContainText('100%');
  await table.scrollIntoViewIfNeeded();
  await shot(owner, 'analytics-add-ons');
  await owner.setViewportSize({ width: 390, height: 844 });
  await expect(table).toContainText('100%');
  await shot(owner, 'analytics-add-ons');
});
