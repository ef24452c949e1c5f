import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

function futureDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a returning customer verifies the emailed code, combines a promo code and a reward at /book and pays the discounted total; the owner sees both', async ({
  browser,
  request,
}) => {
  // Three browsers (owner, visitor, admin) and a checkout on a shared machine.
  test.setTimeout(60_000);
  const options = await (await request.get('/api/booking/options?zip=78701')).json();
  const business = options.businesses.find((b: { name: string }) => b.name === 'Lone Star Mobile Detailing');
  const lastName = `Points${randomUUID().slice(0, 6)}`;
  const email = `${lastName.toLowerCase()}@example.com`;

  // The owner has a returning customer with 150 points.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_OWNER);
  const created = await owner.request.post('/api/customers', {
    data: { firstName: 'Riley', lastName, email },
  });
  expect(created.status()).toBe(201);
  const customer = await created.json();
  const adjusted = await owner.request.post('/api/loyalty/adjustments', {
    data: { customerId: customer.id, points: 150, type: 'earned', description: 'Welcome back' },
  });
  expect(adjusted.status()).toBe(201);
  // …and a $20-off promo code for everyone.
  const promo = `BACK${randomUUID().slice(0, 6).toUpperCase()}`;
  const promoCreated = await owner.request.post('/api/promo-codes', {
    data: { code: promo, discountType: 'fixed', discountValue: 2000 },
  });
  expect(promoCreated.status()).toBe(201);

  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(`/book?business=${business.id}&zip=78701`);
  await page.getByRole('radio', { name: /Premium Detail/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  // A day no other journey books on the demo business (workday.spec takes day 33 at 10:00).
  await page.getByLabel('Date').fill(futureDate(44));
  await page.getByLabel('Time').click();
  // The first time still free (other journeys book the demo business too).
  await page
    .getByRole('option', { name: /^\d{1,2}:\d{2} [AP]M$/ })
    .first()
    .click();
  await page.getByLabel('Address').fill('9 Rainey St, Austin, TX');
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await expect(page.getByTestId('price-total')).toHaveText('$120.00');
  await page.getByLabel('Promo code').fill(promo.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('price-promo')).toHaveText(`Promo code ${promo}−$20.00`);
  await expect(page.getByTestId('price-total')).toHaveText('$100.00');

  await page.getByRole('button', { name: 'Use my points' }).click();
  const panel = page.getByRole('region', { name: 'Loyalty rewards' });
  await expect(panel).toContainText(`We'll email a one-time code to ${email}`);
  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(panel.getByLabel('6-digit code')).toBeVisible();

  // A wrong code: the server's own message.
  await panel.getByLabel('6-digit code').fill('000000');
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByRole('alert')).toHaveText(/That code is not right|Too many wrong codes/);

  // The code, read from the outbox by an admin.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  const outbox = await (await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /(\d{6})/.exec(outbox.items[0].subject)![1]!;
  await adminContext.close();

  await panel.getByLabel('6-digit code').fill(code);
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByTestId('loyalty-available')).toHaveText('150 points');
  await expect(panel.getByRole('radio', { name: /Free Interior Cleaning/ })).toBeDisabled();
  await panel.getByRole('radio', { name: /10% Off Next Service/ }).check();
  // Both on the Price Summary: the code first, then the reward (src/shared/discounts.ts).
  await expect(page.getByTestId('price-promo')).toHaveText(`Promo code ${promo}−$20.00`);
  await expect(page.getByTestId('price-reward')).toHaveText('Reward: 10% Off Next Service−$10.00');
  await expect(page.getByTestId('price-total')).toHaveText('$90.00');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'book-reward', { viewportOnly: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$90.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  // The owner sees the redemption in /loyalty and on the booking.
  await owner.goto('/loyalty');
  await owner.getByRole('tab', { name: 'Transactions' }).click();
  const row = owner
    .getByTestId('loyalty-transaction')
    .filter({ hasText: 'Redeemed 10% Off Next Service at booking' })
    .filter({ hasText: lastName })
    .filter({ visible: true });
  await expect(row).toContainText('-100');
  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill(lastName);
  const booking = owner.getByTestId('booking-card').filter({ hasText: lastName });
  await expect(booking.getByTestId('booking-reward')).toHaveText('Reward 10% Off Next Service');
  await expect(booking.getByTestId('booking-promo')).toHaveText(`Promo code ${promo}`);
  await expect(booking).toContainText('$90.00');
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await owner.goto('/loyalty');
    await owner.getByRole('tab', { name: 'Transactions' }).click();
    await expect(row).toBeVisible();
    await shot(owner, 'loyalty-redeemed', { viewportOnly: true });
  }
  await ownerContext.close();
  await visitorContext.close();
});

test('on the invoice pay page a customer verifies the emailed code and applies a reward; the balance drops by its value', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const lastName = `Invoice${randomUUID().slice(0, 6)}`;
  const email = `${lastName.toLowerCase()}@example.com`;
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_OWNER);
  const customer = await (
    await owner.request.post('/api/customers', { data: { firstName: 'Alex', lastName, email } })
  ).json();
  await owner.request.post('/api/loyalty/adjustments', {
    data: { customerId: customer.id, points: 120, type: 'earned', description: 'Welcome back' },
  });
  const quote = await (
    await owner.request.post('/api/quotes', {
      data: {
        customerId: customer.id,
        items: [{ serviceName: 'Ceramic top-up', quantity: 1, unitPriceCents: 8000 }],
      },
    })
  ).json();
  expect((await owner.request.post(`/api/quotes/${quote.id}/send`)).status()).toBe(200);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  const latestMail = async () =>
    (await (await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`)).json()).items[0];
  const quoteLink = /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]+)/.exec((await latestMail()).body)![1]!;
  expect((await owner.request.post(`${new URL(quoteLink).pathname}/accept`)).status()).toBeLessThan(400);
  const invoice = await (await owner.request.post(`/api/invoices/from-quote/${quote.id}`)).json();
  const total = invoice.totalCents as number;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await customerContext.newPage();
  await page.goto(invoice.payPath);
  await expect(page.getByRole('heading', { name: `Pay ${dollars(total)}` })).toBeVisible();
  const rewards = page.getByRole('region', { name: 'Loyalty rewards' });
  await rewards.getByRole('button', { name: 'Use my loyalty points' }).click();
  const code = /(\d{6})/.exec((await latestMail()).subject)![1]!;
  await adminContext.close();
  await rewards.getByLabel('6-digit code').fill(code);
  await rewards.getByRole('button', { name: 'Verify code' }).click();
  await expect(rewards.getByText('You have 120 points available.')).toBeVisible();
  await expect(rewards.getByRole('radio', { name: /Free Interior Cleaning/ })).toBeDisabled();
  await rewards.getByRole('radio', { name: /10% Off Next Service/ }).check();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await rewards.scrollIntoViewIfNeeded();
    await shot(page, 'pay-reward', { viewportOnly: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await rewards.getByRole('button', { name: 'Apply reward' }).click();
  await expect(page.getByText('Your reward was applied to this invoice.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Pay ${dollars(total - 1000)}` })).toBeVisible();
  await expect(page.getByText('Loyalty reward payment')).toBeVisible();
  await customerContext.close();
  await ownerContext.close();
});
