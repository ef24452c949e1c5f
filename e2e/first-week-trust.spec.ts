import { expect, type Page, test } from '@playwright/test';
import { addDays, todayInZone } from '../src/shared/time';
import { axeNow, settle } from './axe';
import { setPlan, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// Issue 25 items 7, 9–13, as a new Pro owner clicks through the first week. Screenshots of each changed screen at
// 390 and 1280 px go to test-results/screenshots/first-week-*.png.

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await shot(page, `first-week-${name}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width}`,
    ).toBe(true);
    // Label in name (WCAG 2.5.3) among the axe rules: nothing on the screen fails it.
    expect(
      (await axeNow(page, `first-week ${name}`)).filter((f) => f.rule === 'label-content-name-mismatch'),
    ).toEqual([]);
  }
}

test('a new owner: booking link, checklist, promo codes, invoices, payouts, marketing and campaigns', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpNewOwner(page);
  await setPlan(page, 'pro');

  // Item 7: no name yet, so no link — not /book/detailer.
  await page.goto('/dashboard');
  await expect(page.getByText('Save your business name to get your booking link.')).toBeVisible();
  expect(
    ((await (await page.request.get('/api/booking-link')).json()) as { slug: string | null }).slug,
  ).toBeNull();
  // Item 10: review requests on, win-back off with a prompt.
  await expect(page.getByTestId('checklist-review-requests')).toContainText('Automatic review requests: On');
  await expect(page.getByTestId('checklist-winback')).toContainText('Win-back messages: Off');
  await expect(page.getByRole('link', { name: 'Turn on win-back' })).toHaveAttribute(
    'href',
    '/campaigns?tab=automations',
  );
  await shoot(page, 'dashboard');

  // Saving the name claims the link; the owner changes it on the Business Profile.
  const stamp = Date.now().toString(36);
  await page.goto('/business-profile');
  await page.getByLabel('Business name').fill(`Harbor Gleam ${stamp}`);
  await page.getByLabel('Business email').fill(`hello-${stamp}@example.com`);
  await page.getByRole('button', { name: 'Save Profile' }).first().click();
  await expect(page.getByLabel('Your booking link')).toHaveValue(`harbor-gleam-${stamp}`);
  await page.getByLabel('Your booking link').fill('no');
  await page.getByRole('button', { name: 'Save Link' }).click();
  await expect(
    page.getByText('Your booking link can use 3 to 60 lowercase letters, numbers and dashes'),
  ).toBeVisible();
  await page.getByLabel('Your booking link').fill(`harbor-${stamp}`);
  await page.getByRole('button', { name: 'Save Link' }).click();
  await expect(
    page.getByText('Booking link saved. Your old link sends customers to the new one.'),
  ).toBeVisible();
  await shoot(page, 'business-profile');
  const old = await page.request.get(`/book/harbor-gleam-${stamp}`, { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(old.headers().location).toBe(`/book/harbor-${stamp}`);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Booking link')).toHaveValue(new RegExp(`/book/harbor-${stamp}$`));

  // Item 11: Payouts asks for receipt details only while they are missing (both saved above).
  await page.goto('/payouts');
  await expect(page.getByText('Customers cannot book you online yet')).toBeVisible();
  await settle(page);
  await expect(page.getByText('Receipts need your business name and email')).toHaveCount(0);
  await shoot(page, 'payouts');
  expect((await page.request.post('/api/payouts/account')).status()).toBe(200);

  // Item 9 and 11: an invoice, sent once; nothing overdue reads calm, not red.
  const service = await page.request.post('/api/services', {
    data: {
      name: 'Premium Detail',
      description: 'Inside and out.',
      basePriceCents: 12000,
      durationMinutes: 120,
    },
  });
  expect(service.status()).toBe(201);
  const { id: serviceId } = (await service.json()) as { id: string };
  const booking = await page.request.post('/api/bookings', {
    data: {
      customer: { firstName: 'Ivy', lastName: 'Payer', email: `ivy-${stamp}@example.com`, phone: null },
      vehicle: { make: 'Honda', model: 'Civic', color: null },
      vehicleType: 'sedan',
      serviceId,
      date: addDays(todayInZone('America/Chicago'), 2),
      time: '09:00',
      locationAddress: '1 Main St, Austin, TX 78701',
      notes: null,
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const { id: bookingId } = (await booking.json()) as { id: string };
  for (const status of ['in_progress', 'completed'])
    expect(
      (await page.request.patch(`/api/bookings/${bookingId}/status`, { data: { status } })).status(),
    ).toBe(200);
  expect((await page.request.post(`/api/invoices/from-booking/${bookingId}`)).status()).toBe(201);

  await page.goto('/invoices?tab=invoices');
  const overdue = page.getByTestId('overdue-total');
  await expect(overdue).toHaveText('$0.00');
  await expect(overdue).not.toHaveClass(/text-red/);
  await expect(page.getByRole('switch', { name: 'Remind customers of overdue invoices' })).not.toBeChecked();
  const row = page.getByTestId('invoice-row').first();
  await row.getByRole('button', { name: 'Send' }).click();
  await expect(row.getByTestId('invoice-sent')).toContainText('Sent');
  await expect(row.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Remind customers of overdue invoices' }).click();
  await expect(page.getByText('Overdue reminders are on')).toBeVisible();
  await shoot(page, 'invoices');

  // Item 11: the generator's examples read as examples; an empty city gets a clear message and the focus.
  await page.goto('/marketing');
  await expect(page.getByRole('tab', { name: 'Promo Codes' })).toHaveCount(0);
  const city = page.getByRole('textbox', { name: 'City 1' });
  await expect(city).toHaveAttribute('placeholder', 'e.g. Austin');
  await expect(city).toHaveValue('');
  await page.getByLabel('Keyword').fill('mobile car detailing');
  await page.getByRole('button', { name: 'Generate Landing Pages' }).click();
  await expect(page.getByText('Please enter at least one city.').first()).toBeVisible();
  await expect(city).toBeFocused();
  await shoot(page, 'marketing');

  // Item 12: promo codes have their own place next to campaigns; the old tab's address leads there.
  await page.goto('/marketing?tab=promo-codes');
  await expect(page).toHaveURL(/\/promo-codes$/);
  await expect(page.getByRole('heading', { name: 'Promo Codes', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Promo Codes' }).first()).toHaveAttribute(
    'href',
    '/promo-codes',
  );
  await shoot(page, 'promo-codes');

  // Item 13: "Send Now" is what a voice-control user says, and finds.
  const created = await page.request.post('/api/campaigns', {
    data: { name: 'Spring Special', type: 'email', subject: 'Spring', message: 'Hello {customer_name}' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/campaigns');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Now: Spring Special' })).toBeVisible();
  await page.goto('/campaigns?tab=automations');
  await expect(page.getByRole('tab', { name: 'Automations' })).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'campaigns');
});
