import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { formatCents } from '../src/shared/money';
import { newBookableBusiness } from './fixtures';

// The default motion, as most visitors have it: the other journeys run with less (playwright.config.ts, decision 1374).
test.use({ reducedMotion: 'no-preference' });

/** A date some weeks ahead, clear of the demo bookings (YYYY-MM-DD). */
function futureDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function revenueCents(page: Page) {
  await page.goto('/dashboard');
  const text = await page.getByTestId('stat-Total Revenue').textContent();
  return Math.round(Number(text!.replace(/[$,]/g, '')) * 100);
}

test('a visitor books and pays; the owner confirms, starts and completes it; revenue rises by the price', async ({
  browser,
}) => {
  // A business of its own: its revenue moves only with this journey.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [{ name: 'Premium Detail', basePriceCents: 12_000 }]);
  const revenueBefore = await revenueCents(owner);

  // The visitor, in a browser of their own.
  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(`/book?business=${business.businessId}&zip=78701`);
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible();
  await expect(page.getByText('Service area: Austin, TX 78701')).toBeVisible();
  const sections = page.locator('section h2');
  await expect(sections).toHaveText([
    /Select Service/,
    /Vehicle Information/,
    /Schedule/,
    /Service Location/,
    /Contact Information/,
    /Price Summary/,
  ]);
  const bookNow = page.getByRole('button', { name: 'Book Now' });
  await expect(bookNow).toBeDisabled();

  const lastName = `Visitor${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Premium Detail/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'SUV' }).click();
  await page.getByLabel('Make').fill('Honda');
  await page.getByLabel('Model').fill('Pilot');
  await page.getByLabel('Year').fill('2022');
  await expect(page.getByLabel('Date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel('Date').fill(futureDate(21));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '10:00 AM' }).click();
  await page.getByLabel('Address').fill('77 Rainey St, Austin, TX');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(lastName);
  await expect(bookNow).toBeDisabled(); // email still missing (§5)
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await expect(page.getByTestId('price-total')).toHaveText('$144.00'); // $120 × 1.2
  await expect(bookNow).toBeEnabled();

  const popupPromise = page.waitForEvent('popup');
  await bookNow.click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByText('Test mode', { exact: false }).first()).toBeVisible();
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$144.00');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await checkout.waitForURL(/\/booking-success\?session_id=cs_test_/);
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await expect(checkout.getByText('Booking Confirmed!')).toBeVisible();
  await expect(checkout.getByText("at least 24 hours' notice", { exact: false })).toBeVisible();
  // Reloading the success page completes the same session again: still one booking.
  await checkout.reload();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await expect(checkout.getByRole('link', { name: 'Book Another Service' })).toHaveAttribute('href', '/book');
  await expect(checkout.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

  // The owner finds it, confirms, starts and completes it.
  await owner.goto('/bookings?view=list');
  await expect(owner.getByRole('heading', { name: 'Booking Management' })).toBeVisible();
  await owner.getByLabel('Search bookings').fill(lastName);
  const card = owner.getByTestId('booking-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Robin ${lastName}`);
  await expect(card).toContainText('Premium Detail');
  await expect(card).toContainText('2022 Honda Pilot');
  await expect(card).toContainText('77 Rainey St, Austin, TX');
  await expect(card).toContainText('$144.00');
  await expect(card).toContainText('Pending');
  for (const [action, label] of [
    ['Confirm', 'Confirmed'],
    ['Start Service', 'In Progress'],
    ['Complete Service', 'Completed'],
  ] as const) {
    await card.getByRole('button', { name: action }).click();
    await expect(owner.getByText(`Booking status updated to ${label}`)).toBeVisible();
    await expect(card).toContainText(label);
  }
  // No status action is left: the details, and Invoice for a completed booking (issue 9).
  await expect(card.getByRole('button')).toHaveText(['Details', 'Invoice']);

  expect(await revenueCents(owner)).toBe(revenueBefore + 14_400);
  await expect(owner.getByTestId('stat-Total Revenue')).toHaveText(formatCents(revenueBefore + 14_400));
  await ownerContext.close();
  await visitorContext.close();
});

test('/booking-success without a session id shows Invalid Access', async ({ page }) => {
  await page.goto('/booking-success');
  await expect(page.getByRole('heading', { name: 'Invalid Access' })).toBeVisible();
  await page.getByRole('link', { name: 'Make a Booking' }).click();
  await expect(page).toHaveURL(/\/book$/);
});

test('a zip nobody serves books the demo services as a platform lead', async ({ page }) => {
  await page.goto('/book?zip=59001');
  await expect(page.getByText("We'll match your booking with a trusted ShineRoute detailer")).toBeVisible();
  for (const name of ['Basic Wash & Vacuum', 'Premium Detail', 'Ceramic Coating']) {
    await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByRole('radio', { name: /Ceramic Coating/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Motorcycle' }).click();
  await expect(page.getByTestId('price-total')).toHaveText('$280.00');
});

test('cancelling on the test checkout returns to /book and books nothing', async ({ page, request }) => {
  const options = await (await request.get('/api/booking/options?zip=78701')).json();
  const business = options.businesses[0];
  await page.goto(`/book?business=${business.id}&zip=78701`);
  await page.getByRole('radio', { name: /Basic Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Date').fill(futureDate(22));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '3:00 PM' }).click();
  await page.getByLabel('Address').fill('1 Cancel Ct');
  await page.getByLabel('First name').fill('Cam');
  await page.getByLabel('Last name').fill('Celled');
  await page.getByLabel('Email').fill('cam.celled@example.com');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\//);
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await checkout.waitForURL(/\/book\?business=.*cancelled=1/);
  await expect(
    checkout.getByText('Payment cancelled — nothing was charged.', { exact: false }),
  ).toBeVisible();
});

test('a service tapped before the page’s script has run stays chosen once it has', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const business = await newBookableBusiness(await ownerContext.newPage(), [
    { name: 'Premium Detail', basePriceCents: 12_000 },
  ]);
  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  // A slow phone: the server's markup is on screen, its scripts are still on their way.
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto(`/book?business=${business.businessId}&zip=78701`, { waitUntil: 'commit' });
  const premium = page.getByRole('radio', { name: /Premium Detail/ });
  await premium.check();
  releaseScripts();
  // The form has taken the tap up: its price summary names the service, and the radio is still chosen.
  const summary = page.locator('section', { has: page.getByRole('heading', { name: /Price Summary/ }) });
  await expect(summary.getByText('Premium Detail', { exact: true })).toBeVisible();
  await expect(premium).toBeChecked();
  await visitorContext.close();
  await ownerContext.close();
});
