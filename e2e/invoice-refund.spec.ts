import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// The owner refunds part of a paid invoice (docs/decisions/1190): a business of its own, an invoice paid by card
// through the test checkout, then Refund on the invoice's row with an amount, a reason and a confirmation.

test('the owner refunds part of an invoice paid by card', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await signUpNewOwner(page);
  const profile = {
    businessName: 'Riley Refund Detailing',
    businessEmail: 'hello@riley.test',
    phone: '(512) 555-0150',
  };
  expect((await page.request.put('/api/business-profile', { data: profile })).status()).toBe(200);
  expect((await page.request.post('/api/payouts/account')).status()).toBe(200);
  const email = `refund-${randomUUID().slice(0, 8)}@example.com`;
  const customer = await (
    await page.request.post('/api/customers', { data: { firstName: 'Robin', lastName: 'Park', email } })
  ).json();
  const quote = await (
    await page.request.post('/api/quotes', {
      data: {
        customerId: customer.id,
        items: [{ serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 20_000 }],
      },
    })
  ).json();
  expect((await page.request.post(`/api/quotes/${quote.id}/send`)).status()).toBe(200);
  // The customer's quote link, read from the outbox by an admin; they accept it.
  const adminContext = await browser.newContext();
  await signIn(adminContext, DEMO_ADMIN);
  const outbox = await (
    await adminContext.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`)
  ).json();
  const quoteLink = /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]+)/.exec(outbox.items[0].body)![1]!;
  await adminContext.close();
  // The customer, in a browser of their own.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customerPage = await customerContext.newPage();
  await customerPage.goto(quoteLink);
  await customerPage.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customerPage.getByText('You accepted this quote')).toBeVisible();
  const invoice = await (await page.request.post(`/api/invoices/from-quote/${quote.id}`)).json();
  // Paid by card on the pay page (test mode).
  await customerPage.goto(invoice.payPath);
  await customerPage.getByRole('button', { name: 'Pay now' }).click();
  await customerPage.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(customerPage.getByText('Payment received')).toBeVisible();
  await customerContext.close();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/invoices?tab=invoices');
    const row = page.getByTestId('invoice-row').first();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund Invoice' });
    await expect(dialog.getByLabel('Amount ($)')).toHaveValue(String((invoice.totalCents / 100).toFixed(2)));
    await shot(page, 'invoice-refund-dialog');
    await page.keyboard.press('Escape');
  }

  const row = page.getByTestId('invoice-row').first();
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund Invoice' });
  // More than was paid is refused in the form, with the figure.
  await dialog.getByLabel('Amount ($)').fill('999.00');
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  await expect(dialog.getByText(/at most \$\d+\.\d\d can be refunded/)).toBeVisible();
  await dialog.getByLabel('Amount ($)').fill('50.00');
  await dialog.getByLabel('Reason (optional)').fill('Missed a spot on the hood');
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Refund $50.00?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('$50.00 refunded on INV-0001. The customer gets a receipt.')).toBeVisible();
  await expect(row.getByText('Partially refunded')).toBeVisible();
  await expect(row.getByText(/Refunded \$50\.00/)).toBeVisible();
  await shot(page, 'invoice-refunded');
});
