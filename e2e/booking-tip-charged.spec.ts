import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';
import { shot } from './screenshot';

// Issue 25 items 2 and 3: the tip suggestions are percentages of what the customer pays after discounts, and the
// confirmation shows the price, the tip and the total charged.

test('a visitor with a promo code is offered tips on the discounted price and told price, tip and total charged', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, { email: 'owner@shineroute.test', password: 'shine-demo-owner' });
  const code = `TIP${randomUUID().slice(0, 6).toUpperCase()}`;
  const created = await owner.request.post('/api/promo-codes', {
    data: { code, discountType: 'percent', discountValue: 25 },
  });
  expect(created.status()).toBe(201);
  const options = await (await owner.request.get('/api/booking/options?zip=78701')).json();
  const business = options.businesses.find((b: { name: string }) => b.name === 'Lone Star Mobile Detailing');
  await ownerContext.close();

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await visitorContext.newPage();
  await page.goto(`/book?business=${business.id}&zip=78701`);
  const lastName = `Charged${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Premium Detail/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Date').fill(new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '3:00 PM', exact: true }).click();
  await page.getByLabel('Address').fill('40 Red River St, Austin, TX');
  await page.getByLabel('First name').fill('Rae');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('price-total')).toHaveText('$90.00'); // $120 − 25 %

  // 15 / 20 / 25 % of the $90.00 the customer pays, not of the $120.00 before the code.
  await expect(page.getByLabel('15% ($13.50)')).toBeVisible();
  await page.getByLabel('20% ($18.00)').check();
  await expect(page.getByTestId('charge-total')).toContainText('Tip $18.00');
  await expect(page.getByTestId('charge-total')).toContainText('$108.00');

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$108.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  const paid = checkout.getByRole('definition');
  const row = (term: string) =>
    checkout
      .locator('dl > div')
      .filter({ has: checkout.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) });
  await expect(row('Price')).toContainText('$90.00');
  await expect(row('Tip')).toContainText('$18.00');
  await expect(row('Total charged')).toContainText('$108.00');
  await expect(paid.filter({ hasText: '$108.00' })).toHaveCount(1);
  for (const width of [390, 1280]) {
    await checkout.setViewportSize({ width, height: 900 });
    await shot(checkout, 'booking-success-tip');
    expect(await checkout.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await visitorContext.close();
});
