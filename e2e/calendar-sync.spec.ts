import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, todayInZone, zonedTimeToUtc } from '../src/shared/time';
import { expect, newBookableBusiness, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// Issue 28's live feed out: the owner opens Calendar sync from the navigation, copies the business's feed address,
// and the address answers a valid calendar with the job as a VEVENT in the business's time zone.

const ZONE = 'America/Chicago';

test('the owner copies the feed address and the feed validates', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpNewOwner(page, { firstName: 'Riley', lastName: 'Feeds' });
  const service = await page.request.post('/api/services', {
    data: { name: 'Ceramic Coat', basePriceCents: 30000, durationMinutes: 120 },
  });
  expect(service.status()).toBe(201);
  const { id: serviceId } = (await service.json()) as { id: string };
  const date = addDays(todayInZone(ZONE), 4);
  const created = await page.request.post('/api/bookings', {
    data: {
      customer: {
        firstName: 'Morgan',
        lastName: 'Hidden',
        email: `morgan-${Date.now()}@example.com`,
        phone: null,
      },
      vehicle: { make: 'Mazda', model: '3', color: null },
      vehicleType: 'sedan',
      serviceId,
      date,
      time: '10:00',
      locationAddress: '5 Congress Ave, Austin, TX 78701',
      notes: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/dashboard');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Calendar sync' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar sync', level: 1 })).toBeVisible();
  const field = page.getByRole('textbox', { name: /All jobs/ });
  await expect(field).toHaveValue(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{44}$/);
  await expect(field).toHaveAttribute('readonly', '');
  const subscribe = page.getByRole('link', { name: 'Subscribe to All jobs in your calendar app' });
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\//);

  await page.getByTestId('calendar-feed').first().getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('The feed address is on your clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());

  // The copied address, fetched as a calendar app would (no cookie).
  const feed = await page.request.fetch(copied, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${ZONE}`);
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain(`DTSTART;TZID=${ZONE}:${date.replaceAll('-', '')}T100000`);
  expect(text).toContain('SUMMARY:Ceramic Coat · Morgan');
  expect(text).not.toContain('Hidden');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(field).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'calendar-sync');
  }

  // Rotate: the old address stops working.
  await page.getByTestId('calendar-feed').first().getByRole('button', { name: 'Rotate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate' }).click();
  await expect(page.getByText('The feed has a new address.')).toBeVisible();
  await expect(field).not.toHaveValue(copied);
  expect((await page.request.fetch(copied, { headers: { cookie: '' } })).status()).toBe(404);
});

test('the owner connects another calendar and its busy hour is not offered on the booking link', async ({
  page,
  browser,
}) => {
  const date = addDays(todayInZone(ZONE), 5);
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    'UID:dentist@test',
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(zonedTimeToUtc(date, '10:00', ZONE))}`,
    `DTEND:${stamp(zonedTimeToUtc(date, '11:00', ZONE))}`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private/basic.ics`;
  try {
    const business = await newBookableBusiness(page, [{ name: 'Interior Refresh', basePriceCents: 9000 }]);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/calendar-sync');
    await page.getByLabel('Secret iCal address').fill(url);
    await page.getByRole('button', { name: 'Connect Calendar' }).click();
    await expect(page.getByText('Calendar connected.')).toBeVisible();
    const row = page.getByTestId('external-calendar');
    await expect(row).toContainText('1 busy time');
    await expect(row).not.toContainText('basic.ics');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, 'calendar-sync-connected');
    }

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/book/${business.slug}`);
    await visitor.getByRole('radio', { name: /Interior Refresh/ }).check();
    await visitor.getByLabel('Date').fill(date);
    await visitor.getByLabel('Time').click();
    await expect(visitor.getByRole('option', { name: '11:00 AM' })).toBeEnabled();
    await expect(visitor.getByRole('option', { name: '10:00 AM' })).toBeDisabled();
    await visitorContext.close();
  } finally {
    server.close();
  }
});
