import { addDays, todayInZone } from '../src/shared/time';
import { expect, linkFrom, setPlan, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// Issue 10's automated messages: the customer moves their booking from the self-service link in the confirmation,
// the owner sees it in /bookings with its history, and switches the 24-hour reminder off on /campaigns.

const ZONE = 'America/Chicago';

test('a customer moves their booking from the link; the owner sees it and switches reminders off', async ({
  page,
  browser,
  outbox,
}) => {
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  const profile = (await (await page.request.get('/api/business-profile')).json()) as Record<string, unknown>;
  expect(
    (
      await page.request.put('/api/business-profile', {
        data: {
          ...profile,
          businessName: 'Gleam Mobile Detailing',
          phone: '(512) 555-0100',
          businessAddress: '200 Lavaca St, Austin, TX 78701',
        },
      })
    ).ok(),
  ).toBe(true);
  const service = await page.request.post('/api/services', {
    data: { name: 'Interior Detail', basePriceCents: 10000, durationMinutes: 60 },
  });
  expect(service.status()).toBe(201);
  const { id: serviceId } = (await service.json()) as { id: string };

  // A phone-in booking in three days at 10:00: the customer is emailed a confirmation with the link.
  const email = `casey-${Date.now().toString(36)}@example.com`;
  const date = addDays(todayInZone(ZONE), 3);
  const created = await page.request.post('/api/bookings', {
    data: {
      customer: { firstName: 'Casey', lastName: 'Driver', email, phone: null },
      vehicle: { make: 'Honda', model: 'Civic', color: null },
      vehicleType: 'sedan',
      serviceId,
      date,
      time: '10:00',
      locationAddress: '1 Main St, Austin, TX 78701',
      notes: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The confirmation reaches the customer's inbox (read by an admin from the outbox).
  const path = await linkFrom(outbox, email, /\/manage\/[A-Za-z0-9_-]+/, { subject: 'Booking confirmed' });

  // The customer, without an account, opens the link and moves the booking to the next day at 1 PM.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const newDate = addDays(date, 1);
  for (const width of [390, 1280]) {
    await customer.setViewportSize({ width, height: 900 });
    await customer.goto(path);
    await expect(customer.getByRole('heading', { name: 'Gleam Mobile Detailing' })).toBeVisible();
    await expect(customer.getByTestId('manage-when')).toContainText('10:00 AM');
    await expect(customer.getByRole('radiogroup', { name: 'New time' })).toBeVisible();
    const overflow = await customer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(customer, 'manage-booking');
  }
  await customer.getByLabel('New date').fill(newDate);
  await customer.getByRole('radio', { name: '1:00 PM' }).click();
  await customer.getByRole('button', { name: 'Move my booking' }).click();
  await expect(customer.getByText('Your booking has been moved')).toBeVisible();
  await expect(customer.getByTestId('manage-when')).toContainText('1:00 PM');
  await customerContext.close();

  // The owner sees the new time in /bookings, with the change in the booking's history.
  await page.goto(`/bookings?view=week&date=${newDate}`);
  await page
    .getByRole('button', { name: /^1:00 PM Casey Driver/ })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: /Casey Driver/ });
  await expect(details.getByText(/Time .* 10:00 AM C[SD]T → .* 1:00 PM C[SD]T/)).toBeVisible();
  await expect(details.getByText('Reason: Moved by the customer (self-service link)')).toBeVisible();
  await page.keyboard.press('Escape');

  // The owner switches the 24-hour reminder off on /campaigns → Automations; the log shows the confirmation.
  await page.goto('/campaigns');
  await page.getByRole('tab', { name: 'Automations' }).click();
  const reminder = page.getByRole('switch', { name: '24 hours before' });
  await expect(reminder).toBeChecked();
  await expect(page.getByTestId('message-log-row').filter({ hasText: 'Booking confirmation' })).toContainText(
    'Transactional',
  );
  await reminder.click();
  await page.getByRole('button', { name: 'Save Automations' }).click();
  await expect(page.getByText('Automations saved')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Automations' }).click();
  await expect(page.getByRole('switch', { name: '24 hours before' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: '2 hours before' })).toBeChecked();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'campaigns-automations');
  }
});

test('after a completed job the customer leaves a review from the request, and the owner features it', async ({
  page,
  browser,
  outbox,
}) => {
  // The review request goes out on the next automations tick (every 10 s on the e2e server; a minute in production).
  test.setTimeout(150_000);
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  const profile = (await (await page.request.get('/api/business-profile')).json()) as Record<string, unknown>;
  expect(
    (
      await page.request.put('/api/business-profile', {
        data: { ...profile, businessName: 'Review Me Detailing', phone: '(512) 555-0101' },
      })
    ).ok(),
  ).toBe(true);
  const settings = (await (await page.request.get('/api/automations')).json()) as Record<string, unknown>;
  const saved = await page.request.put('/api/automations', {
    data: { ...settings, reviewRequests: true, reviewLink: 'https://g.page/r/review-me' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const service = await page.request.post('/api/services', {
    data: { name: 'Exterior Wash', basePriceCents: 6000, durationMinutes: 60 },
  });
  const { id: serviceId } = (await service.json()) as { id: string };
  const email = `robin-${Date.now().toString(36)}@example.com`;
  const created = await page.request.post('/api/bookings', {
    data: {
      customer: { firstName: 'Robin', lastName: 'Lane', email, phone: null },
      vehicle: { make: 'Ford', model: 'F-150', color: null },
      vehicleType: 'truck',
      serviceId,
      date: addDays(todayInZone(ZONE), 2),
      time: '11:00',
      locationAddress: '5 Congress Ave, Austin, TX 78701',
      notes: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: bookingId } = (await created.json()) as { id: string };
  for (const status of ['in_progress', 'completed']) {
    expect(
      (await page.request.patch(`/api/bookings/${bookingId}/status`, { data: { status } })).status(),
    ).toBe(200);
  }

  // The request reaches the customer's inbox (read by an admin from the outbox).
  const reviewPath = await linkFrom(outbox, email, /\/review\/[A-Za-z0-9_-]+/, {
    subject: 'How did we do',
    timeout: 100_000,
  });

  // The customer, on a phone, rates the job.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await customerContext.newPage();
  await customer.goto(reviewPath);
  await expect(customer.getByRole('heading', { name: 'How did Review Me Detailing do?' })).toBeVisible();
  await customer.getByRole('button', { name: 'Send Review' }).click();
  await expect(customer.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  await customer.getByLabel('4 stars').check({ force: true });
  await customer.getByLabel('Your review').fill('Truck looks new. Friendly and on time.');
  for (const width of [390, 1280]) {
    await customer.setViewportSize({ width, height: 900 });
    const overflow = await customer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(customer, 'review-page');
  }
  await customer.getByRole('button', { name: 'Send Review' }).click();
  await expect(customer.getByText('Thank you for your review!')).toBeVisible();
  await expect(customer.getByRole('link', { name: /Review Review Me Detailing online/ })).toHaveAttribute(
    'href',
    'https://g.page/r/review-me',
  );
  await customerContext.close();

  // The owner finds it among the testimonials, unfeatured, and features it.
  await page.goto('/business-profile');
  await page.getByRole('tab', { name: 'Testimonials' }).click();
  const review = page.getByTestId('testimonial').filter({ hasText: 'Truck looks new' });
  await expect(review).toContainText('Robin L.');
  await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(review.getByText('Featured')).toHaveCount(0);
  await review.getByRole('button', { name: 'Feature' }).click();
  await expect(review.getByText('Featured')).toBeVisible();
});
