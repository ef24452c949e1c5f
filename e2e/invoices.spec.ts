import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { qrDataUrl } from '../src/server/features/invoices/document-render';
import { formatCents } from '../src/shared/money';
import { DEMO_ADMIN, newBookableBusiness, signIn, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

async function download(page: Page, row: ReturnType<Page['getByTestId']>, name: 'HTML' | 'PDF') {
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

test('quote → send → accepted on the public page → invoice → paid with a tip through its QR link', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  await signUpNewOwner(page);
  // Card payments go to the business's connected account: test mode here (the dashboard's "Enable test mode"),
  // which needs the business's name and email.
  const profile = {
    businessName: 'Quinn Quote Detailing',
    businessEmail: 'hello@quinn-quote.test',
    phone: '(512) 555-0142',
  };
  expect((await page.request.put('/api/business-profile', { data: profile })).status()).toBe(200);
  expect((await page.request.post('/api/payouts/account')).status()).toBe(200);
  const customerEmail = `quote-${randomUUID().slice(0, 8)}@example.com`;
  expect(
    (
      await page.request.post('/api/customers', {
        data: { firstName: 'Dana', lastName: 'Quinn', email: customerEmail },
      })
    ).status(),
  ).toBe(201);
  const service = { name: 'Premium Detail', basePriceCents: 12000, durationMinutes: 180, description: null };
  expect(
    (
      await page.request.post('/api/services', {
        data: {
          ...service,
          vehicleTypeMultipliers: {
            sedan: 1,
            suv: 1.2,
            truck: 1.3,
            van: 1.3,
            coupe: 1,
            convertible: 1.1,
            motorcycle: 0.8,
          },
        },
      })
    ).status(),
  ).toBe(201);

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices & Quotes' })).toBeVisible();
  await expect(page.getByText('No quotes yet')).toBeVisible();

  // §5: nothing chosen → the spec's message.
  await page.getByRole('button', { name: 'New Quote' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Quote' });
  await dialog.getByRole('button', { name: 'Generate Quote' }).click();
  await expect(page.getByText('Please select a customer and add at least one service')).toBeVisible();

  await dialog.getByLabel('Customer').click();
  await page.getByRole('option', { name: /Dana Quinn/ }).click();
  await dialog.getByLabel('Service').click();
  await page.getByRole('option', { name: /Premium Detail/ }).click();
  await expect(dialog.getByLabel('Unit price ($)')).toHaveValue('120.00');
  await dialog.getByLabel('Qty').fill('2');
  await expect(dialog.getByTestId('line-0-total')).toHaveText('$240.00');
  await expect(dialog.getByLabel('Tax rate (%)')).toHaveValue('8.5');
  await expect(dialog.getByTestId('quote-total')).toHaveText('$260.40');
  await dialog.getByLabel('Notes (optional)').fill('Garage access code 4411');
  await dialog.getByRole('button', { name: 'Generate Quote' }).click();
  await expect(page.getByText('Quote generated successfully')).toBeVisible();

  const row = page.getByTestId('quote-row').first();
  await expect(row.getByText('Draft')).toBeVisible();
  const html = await download(page, row, 'HTML');
  expect(html.name).toMatch(/^quote-.+\.html$/);
  expect(html.body.toString()).toContain('$260.40');
  const pdf = await download(page, row, 'PDF');
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  await row.getByRole('button', { name: 'Send' }).click();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await shot(page, 'invoices-quotes');

  // The customer's email, read from the outbox by an admin.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  const outbox = await (
    await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(customerEmail)}`)
  ).json();
  const quoteLink = /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]+)/.exec(outbox.items[0].body)![1]!;
  await adminContext.close();

  // The customer, in a browser of their own, accepts.
  // The customer is on a phone.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await customerContext.newPage();
  await customer.goto(quoteLink);
  await expect(customer.getByRole('heading', { name: 'Quote', exact: true })).toBeVisible();
  await expect(customer.getByText('Garage access code 4411')).toBeVisible();
  await shot(customer, 'public-quote');
  await customer.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customer.getByText('You accepted this quote')).toBeVisible();

  await page.reload();
  await expect(row.getByText('Accepted')).toBeVisible();
  await row.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice INV-0001 created')).toBeVisible();
  const invoiceRow = page.getByTestId('invoice-row').first();
  await expect(invoiceRow.getByText('Unpaid')).toBeVisible();
  await expect(page.getByTestId('outstanding-total')).toHaveText('$260.40');
  await shot(page, 'invoices-list');

  // The invoice's QR code holds its pay link: the image is exactly the QR of that URL.
  const invoiceHtml = (await download(page, invoiceRow, 'HTML')).body.toString();
  const [, qrSrc, payUrl] =
    /<img src="([^"]+)" alt="QR code[^"]*" data-testid="document-qr" data-url="([^"]+)"/.exec(invoiceHtml)!;
  expect(qrSrc).toBe(await qrDataUrl(payUrl!));

  await customer.goto(payUrl!);
  await expect(customer.getByRole('heading', { name: 'Invoice INV-0001' })).toBeVisible();
  await expect(customer.getByTestId('document-qr')).toHaveAttribute('data-url', payUrl!);
  await shot(customer, 'public-pay');
  await customer.getByLabel(/20% \(\$48\.00\)/).check();
  await customer.getByRole('button', { name: 'Pay now' }).click();
  await expect(customer.getByText('Test mode — no real payment is taken')).toBeVisible();
  await expect(customer.getByTestId('checkout-amount')).toHaveText('$308.40');
  await customer.getByRole('button', { name: 'Pay $308.40' }).click();
  await expect(customer.getByText('Payment received')).toBeVisible();
  await expect(customer.getByText('Paid in full. Thank you!')).toBeVisible();
  await expect(customer.getByText('Tip (thank you!)')).toBeVisible();
  await customerContext.close();

  await page.goto('/invoices?tab=invoices');
  await expect(invoiceRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(invoiceRow.getByText('Tip $48.00')).toBeVisible();
  await expect(page.getByTestId('outstanding-total')).toHaveText('$0.00');

  // The money went to the business: the invoice's charge, its tip and the platform's fee on /payouts.
  await page.goto('/payouts');
  await expect(page.getByText('Invoice INV-0001: Dana Quinn').first()).toBeVisible();
  await expect(page.getByText('Tip — Invoice INV-0001: Dana Quinn')).toBeVisible();
  await expect(page.getByText('Platform fee — Invoice INV-0001: Dana Quinn')).toBeVisible();
});

test('invoices screens at phone and desktop widths', async ({ page }) => {
  await signIn(page, { email: 'owner@shineroute.test', password: 'shine-demo-owner' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'Invoices & Quotes' })).toBeVisible();
    // The demo business has a quote in every status and invoices unpaid, partially paid and paid.
    for (const status of ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired', 'Invoiced']) {
      await expect(page.getByTestId('quote-row').getByText(status, { exact: true }).first()).toBeVisible();
    }
    await shot(page, 'demo-quotes');
    await page.getByRole('tab', { name: 'Invoices' }).click();
    for (const status of ['Unpaid', 'Partially paid', 'Paid']) {
      await expect(page.getByTestId('invoice-row').getByText(status, { exact: true })).toBeVisible();
    }
    await shot(page, 'demo-invoices');
    await page.getByRole('button', { name: 'New Quote' }).first().click();
    await expect(page.getByRole('dialog', { name: 'New Quote' })).toBeVisible();
    await shot(page, 'new-quote-dialog');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
  }
});

test('a visitor books with a tip; the owner sees it on the booking card and in tips this month', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  // A business of its own: its tips this month move only with this journey.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [{ name: 'Basic Wash & Vacuum', basePriceCents: 4_500 }]);
  await owner.goto('/dashboard');
  const tipsBefore = Math.round(
    Number((await owner.getByTestId('tips-this-month').textContent())!.replace(/[$,]/g, '')) * 100,
  );

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await visitorContext.newPage();
  await page.goto(`/book?business=${business.businessId}&zip=78701`);
  const lastName = `Tipper${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Basic Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Date').fill(new Date(Date.now() + 26 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '2:00 PM', exact: true }).click();
  await page.getByLabel('Address').fill('12 Lamar Blvd, Austin, TX');
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await expect(page.getByTestId('price-total')).toHaveText('$45.00');
  await page.getByLabel('20% ($9.00)').check();
  await expect(page.getByTestId('charge-total')).toContainText('$54.00');
  await shot(page, 'book-tip');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$54.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill(lastName);
  const card = owner.getByTestId('booking-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('$45.00');
  await expect(card).toContainText('+ $9.00 tip');
  await owner.goto('/dashboard');
  await expect(owner.getByTestId('tips-this-month')).toHaveText(formatCents(tipsBefore + 900));
  await shot(owner, 'dashboard-tips');
  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill(lastName);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('+ $9.00 tip');
  await shot(owner, 'booking-card-tip');
  await ownerContext.close();
  await visitorContext.close();
});
