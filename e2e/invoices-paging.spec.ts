import { expect, test } from '@playwright/test';
import { formatCents } from '../src/shared/money';
import { addDays, todayInZone } from '../src/shared/time';
import { setPlan, signUpNewOwner } from './fixtures';

// Issue 13: /invoices pages its quotes and invoices with "Load more". `?pageSize=2` makes a page two rows, so a
// business with three of each has a second page without creating 50.
const ZONE = 'America/Chicago';

test('invoices: more than a page of quotes and invoices loads more, without repeats, filter kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpNewOwner(page, { firstName: 'Ivy', lastName: 'Pager' });
  await setPlan(page, 'pro');
  const profile = {
    businessName: 'Pager Detailing',
    businessEmail: 'hello@pager.test',
    phone: '(512) 555-0177',
  };
  expect((await page.request.put('/api/business-profile', { data: profile })).status()).toBe(200);
  const service = await page.request.post('/api/services', {
    data: { name: 'Premium Detail', description: null, basePriceCents: 12000, durationMinutes: 60 },
  });
  expect(service.status()).toBe(201);
  const { id: serviceId } = (await service.json()) as { id: string };
  const area = await page.request.post('/api/service-areas', {
    data: { zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'TX' },
  });
  expect(area.status(), await area.text()).toBe(201);
  const customer = await page.request.post('/api/customers', {
    data: { firstName: 'Dana', lastName: 'Pager', email: 'dana@pager.test' },
  });
  expect(customer.status()).toBe(201);
  const { id: customerId } = (await customer.json()) as { id: string };

  const quoteTotals: number[] = [];
  let outstanding = 0;
  for (let i = 1; i <= 3; i++) {
    const quote = await page.request.post('/api/quotes', {
      data: {
        customerId,
        items: [{ serviceId, serviceName: 'Premium Detail', quantity: i, unitPriceCents: 12000 }],
      },
    });
    expect(quote.status(), await quote.text()).toBe(201);
    quoteTotals.push(((await quote.json()) as { totalCents: number }).totalCents);
    // An invoice from a completed booking, one a day.
    const booking = await page.request.post('/api/bookings', {
      data: {
        customer: { firstName: 'Dana', lastName: 'Pager', email: 'dana@pager.test', phone: null },
        vehicle: { make: 'Honda', model: 'Civic', color: null },
        vehicleType: 'sedan',
        serviceId,
        date: addDays(todayInZone(ZONE), i + 1),
        time: '09:00',
        locationAddress: '1 Main St, Austin, TX 78701',
        notes: null,
      },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    const { id: bookingId } = (await booking.json()) as { id: string };
    for (const status of ['in_progress', 'completed']) {
      const res = await page.request.patch(`/api/bookings/${bookingId}/status`, { data: { status } });
      expect(res.status(), await res.text()).toBe(200);
    }
    const invoice = await page.request.post(`/api/invoices/from-booking/${bookingId}`);
    expect(invoice.status(), await invoice.text()).toBe(201);
    outstanding += ((await invoice.json()) as { totalCents: number }).totalCents;
  }

  // Quotes tab: two, then the third.
  await page.goto('/invoices?pageSize=2');
  const quotes = page.getByTestId('quote-row');
  await expect(quotes).toHaveCount(2);
  // Newest first: the quote for 3 leads.
  await expect(quotes.first()).toContainText(formatCents(quoteTotals[2]!));
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(quotes).toHaveCount(3);
  await expect(quotes.last()).toContainText(formatCents(quoteTotals[0]!));
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();

  // Invoices tab: two, then the third; no number twice; the totals are the whole business's.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const invoices = page.getByTestId('invoice-row');
  await expect(invoices).toHaveCount(2);
  await expect(page.getByTestId('outstanding-total')).toHaveText(formatCents(outstanding));
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(invoices).toHaveCount(3);
  const numbers = await invoices.locator('p.font-semibold').allInnerTexts();
  expect(new Set(numbers).size).toBe(3);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();

  // The filter is the server's: Unpaid pages the same way; Paid has none.
  await page.getByRole('tab', { name: 'Unpaid' }).click();
  await expect(invoices).toHaveCount(2);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(invoices).toHaveCount(3);
  await page.getByRole('tab', { name: 'Paid', exact: true }).click();
  await expect(page.getByText('No paid invoices')).toBeVisible();
});
