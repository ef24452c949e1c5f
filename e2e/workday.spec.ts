import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addDays, todayInZone } from '../src/shared/time';
import { settle } from './axe';
import { DEMO_ADMIN, DEMO_OWNER, signIn, signUpNewOwner } from './fixtures';

// The default motion, as most visitors have it: the other journeys run with less (playwright.config.ts, decision 1374).
test.use({ reducedMotion: 'no-preference' });

// The owner's working day (issue 16): Today, a phone-in booking, moving it, the customer's email; 390 px pass.

const DEMO_ZONE = 'America/Chicago';

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test('owner opens Today, enters a phone-in booking, moves it, and the customer is emailed the new time', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/bookings');
  await expect(page.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Today · / })).toBeVisible();

  const lastName = `Caller${randomUUID().slice(0, 6)}`;
  const email = `${lastName.toLowerCase()}@example.com`;
  // Weeks ahead, clear of the demo bookings and of other journeys.
  const date = addDays(todayInZone(DEMO_ZONE), 33);
  await page.getByRole('button', { name: 'New Booking' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await dialog.getByLabel('First name').fill('Pat');
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('(512) 555-0142');
  await dialog.getByLabel('Make').fill('Ford');
  await dialog.getByLabel('Model').fill('F-150');
  await pickOption(page, 'Vehicle type', 'Truck');
  await pickOption(page, 'Service', /Basic Wash/);
  await dialog.getByLabel('Date').fill(date);
  await pickOption(page, 'Time', '10:00 AM');
  await dialog.getByLabel('Service address').fill('200 Oak St, Austin, TX 78704');
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Booking created')).toBeVisible();

  // The new booking opens with its history; Edit moves it to 2 PM.
  const details = page.getByRole('dialog', { name: new RegExp(`Pat ${lastName}`) });
  await expect(details.getByText(/Booked by the business for .* at 10:00 AM/)).toBeVisible();
  await expect(details.getByRole('link', { name: `Call Pat ${lastName}` })).toHaveAttribute(
    'href',
    'tel:5125550142',
  );
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Booking' });
  await pickOption(page, 'Time', '2:00 PM');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Booking updated')).toBeVisible();
  await expect(details.getByText(/Time .* 10:00 AM C[SD]T → .* 2:00 PM C[SD]T/)).toBeVisible();

  // It sits on the week's grid at its new time.
  await page.keyboard.press('Escape');
  await page.goto(`/bookings?view=week&date=${date}`);
  await expect(
    page.getByRole('button', { name: new RegExp(`^2:00 PM Pat ${lastName}`) }).first(),
  ).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await expect
    .poll(async () => {
      const res = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
      const { items: messages } = (await res.json()) as { items: Array<{ subject: string }> };
      return messages.map((m) => m.subject);
    })
    // Newest first: the new time, then the confirmation sent when the booking was entered (decision 612).
    .toEqual([
      expect.stringMatching(/^New time for your Basic Wash & Vacuum: .* at 2:00 PM C[SD]T$/),
      expect.stringMatching(/^Booking confirmed: Basic Wash & Vacuum on /),
    ]);
  await adminContext.close();
});

test('the owner adds a closed date on the Hours & Booking tab and it is kept', async ({ page }) => {
  // A business of its own: a closed date on the demo business would close it for the journeys booking it.
  await signUpNewOwner(page);
  await page.goto('/business-profile');
  await page.getByRole('tab', { name: 'Hours & Booking' }).click();
  await expect(page.getByLabel('Slot length (minutes)')).toHaveValue(/\d+/);
  const closed = addDays(todayInZone(DEMO_ZONE), 40);
  await page.getByLabel('Add a closed date').fill(closed);
  await page.getByRole('button', { name: 'Add date' }).click();
  await page.getByRole('button', { name: 'Save Hours' }).click();
  await expect(page.getByText('Hours and booking rules saved')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Hours & Booking' }).click();
  await expect(page.getByRole('list', { name: 'Closed dates' }).getByRole('listitem')).toHaveCount(1);
});

const OWNER_SCREENS = [
  '/dashboard',
  '/bookings',
  '/bookings?view=day',
  '/bookings?view=week',
  '/bookings?view=list',
  '/customers',
  '/services',
  '/inventory',
  '/marketing',
  '/verification',
  '/business-profile',
  '/service-areas',
  '/invoices',
  '/campaigns',
  '/loyalty',
  '/billing',
  '/payouts',
];

test('every owner screen fits 390 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_OWNER);
  for (const path of OWNER_SCREENS) {
    await page.goto(path);
    await settle(page, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

test('a customer books through the readable link /book/{slug}; an unknown slug is not found', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_OWNER);
  await owner.goto('/dashboard');
  // The dashboard's Share card shows the link, its QR code and a Book now snippet.
  const link = owner.getByLabel('Booking link');
  await expect(link).toHaveValue(/\/book\/[a-z0-9-]+$/);
  await expect(owner.getByRole('img', { name: /^QR code for / })).toBeVisible();
  await expect(owner.getByLabel('“Book now” button for your website')).toHaveValue(
    /^<a href=".*\/book\/[a-z0-9-]+"/,
  );
  const url = new URL(await link.inputValue());
  await ownerContext.close();

  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
  const lastName = `Slug${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Basic Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Date').fill(addDays(todayInZone(DEMO_ZONE), 26));
  // The demo's technicians drive to the customer: the Schedule section asks where first (decision 1248).
  await page.getByLabel('Your zip code').fill('78701');
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '3:00 PM', exact: true }).click();
  await page.getByLabel('Address').fill('5 Lamar Blvd, Austin, TX');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  await page.goto('/book/no-such-detailer');
  await expect(page.getByText('Failed to load booking information').first()).toBeVisible();
  await visitorContext.close();
});

test('cancelling at the checkout keeps everything the customer typed', async ({ page }) => {
  await page.goto('/book?zip=78701');
  await page
    .getByRole('link', { name: /Choose Lone Star Mobile Detailing/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
  const lastName = `Keep${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Basic Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Coupe' }).click();
  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Date').fill(addDays(todayInZone(DEMO_ZONE), 27));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '11:00 AM', exact: true }).click();
  await page.getByLabel('Address').fill('8 Cesar Chavez St, Austin, TX');
  await page.getByLabel('First name').fill('Kim');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await checkout.waitForURL(/cancelled=1/);
  await expect(checkout.getByText('Payment cancelled — nothing was charged.')).toBeVisible();
  await expect(checkout.getByLabel('Last name')).toHaveValue(lastName);
  await expect(checkout.getByLabel('Make')).toHaveValue('Mazda');
  await expect(checkout.getByLabel('Address')).toHaveValue('8 Cesar Chavez St, Austin, TX');
  await expect(checkout.getByRole('radio', { name: /Basic Wash/ })).toBeChecked();
  await expect(checkout.getByRole('button', { name: 'Book Now' })).toBeEnabled();
});
