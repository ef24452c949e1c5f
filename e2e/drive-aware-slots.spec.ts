import { expect, test } from '@playwright/test';
import { DEFAULT_BOOKING_RULES } from '../src/shared/scheduling';
import { addDays, todayInZone } from '../src/shared/time';
import { DEMO_ADMIN, newBookableBusiness, signIn, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// Issue 28, decision 1248: /book/{slug} lists a time only when a technician can drive to the customer from their
// previous job. The journey's own business: a base downtown, one technician with a 10:00 job downtown.

const ZONE = 'America/Chicago';

test('a far address does not see the slot right after the technician’s job; a near one does', async ({
  page,
  browser,
}) => {
  const business = await newBookableBusiness(page, [{ name: 'Drive Wash', basePriceCents: 5000 }], {
    plan: 'pro',
  });
  expect(
    (
      await page.request.put('/api/business-profile', {
        data: { businessName: business.name, businessAddress: '100 Congress Ave, Austin, TX 78701' },
      })
    ).status(),
  ).toBe(200);
  const date = addDays(todayInZone(ZONE), 9);
  expect(
    (
      await page.request.put('/api/scheduling', {
        data: { ...DEFAULT_BOOKING_RULES, timeZone: ZONE, capacity: 2, horizonDays: 60 },
      })
    ).status(),
  ).toBe(200);

  // A technician joins through an invitation (its link read from the outbox as the admin).
  const techContext = await browser.newContext();
  const tech = await signUpNewOwner(techContext.request, { firstName: 'Tess', lastName: 'Driver' });
  const invited = await page.request.post('/api/team/invitations', { data: { email: tech.email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const adminContext = await browser.newContext();
  await signIn(adminContext.request, DEMO_ADMIN);
  const outbox = await adminContext.request.get(`/api/admin/outbox?to=${encodeURIComponent(tech.email)}`);
  const { items } = (await outbox.json()) as { items: Array<{ body: string }> };
  const token = items[0]!.body.match(/\/join\/([A-Za-z0-9_-]+)/)![1];
  await adminContext.close();
  const joined = await techContext.request.post(`/api/invitations/${token}/accept`);
  expect(joined.status(), await joined.text()).toBe(200);
  await techContext.close();

  // The owner books a 10:00 job downtown: the technician who can get there is assigned.
  const services = await (await page.request.get('/api/services')).json();
  const serviceId = (services.items ?? services)[0].id as string;
  const job = await page.request.post('/api/bookings', {
    data: {
      customer: {
        firstName: 'Dana',
        lastName: 'Downtown',
        email: 'dana@example.com',
        phone: '(512) 555-0123',
      },
      vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Red' },
      vehicleType: 'sedan',
      serviceId,
      date,
      time: '10:00',
      locationAddress: '300 Congress Ave, Austin, TX 78701',
    },
  });
  expect(job.status(), await job.text()).toBe(201);

  const customer = await browser.newContext();
  const book = await customer.newPage();
  for (const width of [390, 1280]) {
    await book.setViewportSize({ width, height: 900 });
    await book.goto(`/book/${business.slug}`);
    await book.getByRole('radio', { name: /Drive Wash/ }).check();
    await book.getByLabel('Date').fill(date);
    // No zip came with the visit: the Schedule section asks for one before listing times.
    await expect(book.getByLabel('Time')).toBeDisabled();
    await expect(book.getByText('Enter your zip code to see the times')).toBeVisible();
    await book.getByLabel('Your zip code').scrollIntoViewIfNeeded();
    await shot(book, 'drive-aware-ask-zip', { viewportOnly: true });
    await book.getByLabel('Your zip code').fill('78701');
    await book.getByLabel('Time').click();
    await expect(book.getByRole('option', { name: '11:00 AM', exact: true })).toBeEnabled();
    await shot(book, 'drive-aware-near', { viewportOnly: true });
    await book.keyboard.press('Escape');

    // The street address in Service Location is in Georgetown, ~55 minutes away: 11:00 is gone, 12:00 stays.
    await book.getByLabel('Address').fill('1 Main St, Georgetown, TX 78626');
    await book.getByLabel('Time').click();
    await expect(book.getByRole('option', { name: '11:00 AM — unavailable' })).toBeDisabled();
    await expect(book.getByRole('option', { name: '12:00 PM', exact: true })).toBeEnabled();
    await shot(book, 'drive-aware-far', { viewportOnly: true });
    await book.keyboard.press('Escape');
  }
  await customer.close();
});
