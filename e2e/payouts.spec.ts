import { expect, test } from '@playwright/test';
import { signUpNewOwner } from './fixtures';

/** A date three weeks ahead (YYYY-MM-DD). */
const futureDate = () => new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

// The tip step belongs to the invoices work (issue 9); this journey books without a tip and checks that the tip
// total is $0.00 (tips through the ledger are covered by the API tests).
test('a new owner enables test-mode payouts, a customer books and pays, the owner sees charge, fee and a payout', async ({
  page,
  browser,
}) => {
  await signUpNewOwner(page);
  // Prerequisites through the API (their own screens have their own journeys): profile and one service.
  expect(
    (
      await page.request.put('/api/business-profile', {
        data: {
          businessName: 'Payout Test Detailing',
          businessEmail: 'hello@payout-test.test',
          phone: '(512) 555-0177',
        },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post('/api/services', {
        data: { name: 'Interior Detail', basePriceCents: 10000, durationMinutes: 120 },
      })
    ).status(),
  ).toBe(201);

  // The checklist offers test mode; one click and the business takes bookings.
  await page.goto('/dashboard');
  const step = page.getByTestId('checklist-payment');
  await expect(step).toContainText('Configure payment');
  await step.getByRole('button', { name: 'Enable test mode' }).click();
  await expect(page.getByText('Online payments enabled')).toBeVisible();
  await expect(step.getByLabel('Done')).toBeVisible();
  await expect(step.getByText('Test mode')).toBeVisible();

  await page.getByRole('link', { name: 'Payouts' }).first().click();
  await expect(page.getByRole('heading', { name: 'Payouts', exact: true })).toBeVisible();
  await expect(page.getByTestId('payments-test-mode')).toContainText('Test mode');
  await expect(page.getByText('No money movements yet')).toBeVisible();
  const session = await (await page.request.get('/api/auth/get-session')).json();

  // A customer books and pays on the test checkout.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`/book?business=${session.user.id}`);
  await expect(customer.getByRole('heading', { name: 'Payout Test Detailing' })).toBeVisible();
  await customer.getByRole('radio', { name: /Interior Detail/ }).check();
  await customer.getByLabel('Vehicle type').click();
  await customer.getByRole('option', { name: 'Sedan' }).click();
  await customer.getByLabel('Date').fill(futureDate());
  await customer.getByLabel('Time').click();
  await customer.getByRole('option', { name: '10:00 AM' }).click();
  await customer.getByLabel('Address').fill('77 Rainey St, Austin, TX');
  await customer.getByLabel('First name').fill('Pat');
  await customer.getByLabel('Last name').fill('Payer');
  await customer.getByLabel('Email').fill('pat.payer@example.com');
  const popup = customer.waitForEvent('popup');
  await customer.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await customer.context().close();

  // The owner sees the charge and the platform fee ($100 × 5% + 30¢ = $5.30), then a payout of the rest.
  await page.reload();
  await expect(page.getByTestId('total-Charges')).toHaveText('$100.00');
  await expect(page.getByTestId('total-Platform fees')).toHaveText('$5.30');
  await expect(page.getByTestId('total-Tips')).toHaveText('$0.00');
  await expect(page.getByTestId('total-Balance')).toHaveText('$94.70');
  const ledger = page.getByRole('list', { name: 'Ledger' });
  await expect(ledger.getByTestId('ledger-entry')).toHaveCount(2);
  await expect(ledger).toContainText('Booking: Interior Detail — Pat Payer');
  await expect(ledger).toContainText('+$100.00');
  await expect(ledger).toContainText('-$5.30');

  await page.getByRole('button', { name: 'Run test payout now' }).click();
  await expect(page.getByText('Paid out $94.70')).toBeVisible();
  const past = page.getByRole('list', { name: 'Past payouts' });
  await expect(past.getByTestId('payout-row')).toHaveCount(1);
  await expect(past).toContainText('$94.70');
  await expect(past).toContainText('Paid');
  await expect(page.getByTestId('total-Balance')).toHaveText('$0.00');
  await expect(page.getByTestId('total-Paid out')).toHaveText('$94.70');
  await expect(ledger).toContainText('Payout to bank account');

  // The CSV has every entry.
  const csv = await (await page.request.get('/api/payouts/ledger.csv')).text();
  expect(csv.trim().split('\r\n')).toHaveLength(4);
  expect(csv).toContain('Payout,Payout to bank account,-94.70');
});
