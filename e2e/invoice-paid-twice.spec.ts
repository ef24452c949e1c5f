import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// Decision 0930 as the customer sees it on the test checkout: a second tab's checkout is closed once the first paid;
// a payment made just before the owner recorded cash is refunded, and the return page says so.

/** An owner taking cards in test mode and one sent, accepted and invoiced quote of $260.40; returns the pay path. */
async function invoiceToPay(page: Page) {
  await signUpNewOwner(page);
  const profile = {
    businessName: 'Twice Paid Detailing',
    businessEmail: 'hello@twice-paid.test',
    phone: '(512) 555-0177',
  };
  expect((await page.request.put('/api/business-profile', { data: profile })).status()).toBe(200);
  expect((await page.request.post('/api/payouts/account')).status()).toBe(200);
  const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
  const customer = await (
    await page.request.post('/api/customers', { data: { firstName: 'Noah', lastName: 'Kim', email } })
  ).json();
  const quote = await (
    await page.request.post('/api/quotes', {
      data: {
        customerId: customer.id,
        items: [{ serviceName: 'Full Detail', quantity: 1, unitPriceCents: 24000 }],
      },
    })
  ).json();
  expect((await page.request.post(`/api/quotes/${quote.id}/send`)).status()).toBe(200);
  expect((await page.request.post(`${quote.publicPath}/accept`, { maxRedirects: 0 })).status()).toBe(303);
  const invoice = await (await page.request.post(`/api/invoices/from-quote/${quote.id}`)).json();
  return { invoiceId: invoice.id as string, payPath: invoice.payPath as string };
}

for (const width of [390, 1280]) {
  test(`two tabs pay one invoice: the first is recorded, the second's checkout is closed (${width} px)`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const { payPath } = await invoiceToPay(page);
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const tab of [first, second]) {
      await tab.goto(payPath);
      await tab.getByRole('button', { name: 'Pay now' }).click();
      await expect(tab.getByText('Test mode — no real payment is taken')).toBeVisible();
    }
    await first.getByRole('button', { name: 'Pay $260.40' }).click();
    await expect(first.getByText('Payment received. A receipt is on its way to your email.')).toBeVisible();
    await second.getByRole('button', { name: 'Pay $260.40' }).click();
    await expect(second.getByRole('alert')).toHaveText('This checkout is closed; nothing was charged');
    await shot(second, 'invoice-second-checkout-closed');
    await second.getByRole('link', { name: 'Back' }).click();
    await expect(second.getByText('Paid in full. Thank you!')).toBeVisible();
    expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  });

  test(`a payment made as the owner records cash is refunded, and the return page says so (${width} px)`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const { invoiceId, payPath } = await invoiceToPay(page);
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const customer = await context.newPage();
    await customer.goto(payPath);
    await customer.getByRole('button', { name: 'Pay now' }).click();
    // The card goes through, but before the browser is back the owner records the same amount in cash.
    const paid = await customer.request.post(`${new URL(customer.url()).pathname}/pay`, { maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    expect(
      (
        await page.request.post(`/api/invoices/${invoiceId}/payments`, {
          data: { method: 'cash', amountCents: 26040 },
        })
      ).status(),
    ).toBe(201);
    await customer.goto(paid.headers().location!);
    await expect(customer.getByRole('status').first()).toHaveText(
      'This invoice had already been paid, so this payment was not needed: your payment of $260.40 has been refunded in full.',
    );
    await expect(customer.getByText('Paid in full. Thank you!')).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(customer, 'invoice-payment-refunded');
    await context.close();
  });
}
