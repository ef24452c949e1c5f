import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

function futureDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('the owner creates a promo code; a visitor books with it and sees the discount; the owner sees it on the booking', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const options = await (await request.get('/api/booking/options?zip=78701')).json();
  const business = options.businesses.find((b: { name: string }) => b.name === 'Lone Star Mobile Detailing');
  const code = `SAVE${randomUUID().slice(0, 4).toUpperCase()}`;

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_OWNER);
  await owner.goto('/promo-codes');
  await owner.getByRole('button', { name: 'New Promo Code' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'New Promo Code' });
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expect(owner.getByText('Please fill in all required fields').first()).toBeVisible();
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Percent').fill('25');
  await dialog.getByLabel('Total uses (optional)').fill('3');
  await dialog.getByLabel('Minimum order ($, optional)').fill('50');
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expect(owner.getByText('Promo code created successfully')).toBeVisible();
  const card = owner.getByTestId('promo-code-card').filter({ hasText: code });
  await expect(card).toContainText('25% off');
  await expect(card.getByTestId('promo-times-used')).toHaveText('0 / 3');

  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(`/book?business=${business.id}&zip=78701`);
  const lastName = `Promo${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Basic Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Date').fill(futureDate(23));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '11:00 AM', exact: true }).click();
  await page.getByLabel('Address').fill('12 Lamar Blvd, Austin, TX');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await expect(page.getByTestId('price-total')).toHaveText('$45.00');

  // Below the $50 minimum: the server's own message.
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This promo code needs an order of at least $50.00')).toBeVisible();
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This promo code is not valid')).toBeVisible();

  await page.getByRole('radio', { name: /Premium Detail/ }).check();
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  await expect(page.getByTestId('price-promo')).toHaveText(`Promo code ${code}−$30.00`);
  await expect(page.getByTestId('price-total')).toHaveText('$90.00'); // $120 − 25%
  // Before Book Now: once the checkout is paid, /book follows it to the confirmation.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('price-total').scrollIntoViewIfNeeded();
    await shot(page, 'book-promo', { viewportOnly: true });
  }

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$90.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill(lastName);
  const booking = owner.getByTestId('booking-card').filter({ hasText: lastName });
  await expect(booking.getByTestId('booking-promo')).toHaveText(`Promo code ${code}`);
  await expect(booking).toContainText('$90.00');

  await owner.goto('/promo-codes');
  await expect(card.getByTestId('promo-times-used')).toHaveText('1 / 3');
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await shot(owner, 'promo-codes');
    expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await ownerContext.close();
  await visitorContext.close();
});
