import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addDays, todayInZone } from '../src/shared/time';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';

// Issue 16's rough edges, each walked as a visitor, customer, owner or admin would.

const DEMO_ZONE = 'America/Chicago';

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a plan button opens sign-up with that plan, and the new business starts its trial on it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
    'href',
    '/auth?mode=signup',
  );
  await page.getByRole('link', { name: 'Start Pro Trial' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&plan=pro$/);
  await expect(page.getByRole('heading', { name: 'Join ShineRoute' })).toBeVisible();
  await expect(page.getByTestId('chosen-plan')).toContainText('Pro plan');
  await page.getByLabel('First name').fill('Quinn');
  await page.getByLabel('Last name').fill('Planner');
  await page.getByLabel('Email').fill(`plan-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const billing = await (await page.request.get('/api/billing')).json();
  expect(billing).toMatchObject({ plan: 'pro', state: 'trialing' });
});

test('View Services & Pricing, Schedule Live Demo and the contact page go where they say', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View Services & Pricing' }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('heading', { name: 'Select Service' })).toBeVisible();

  await page.goto('/demo');
  await page.getByRole('link', { name: 'Schedule Live Demo' }).click();
  await expect(page).toHaveURL(/\/contact\?subject=demo$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Schedule a live demo');
  await expect(page.getByText('30-minute live demo')).toBeVisible();
  // No promise of a chat that does not exist.
  await expect(page.getByText(/Start Live Chat/)).toHaveCount(0);
  await expect(page.getByText("We don't offer live chat.", { exact: false })).toBeVisible();
});

test('an admin lands on /admin and gets back to it from the owner screens; an owner sees no Admin link', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  // A signed-in visitor of /auth goes on to their landing page: /admin for an admin, /dashboard for an owner.
  await admin.goto('/auth');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/dashboard');
  const nav = admin.getByRole('navigation', { name: 'Owner' });
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('link', { name: /SEO Generator/ }).first()).toBeVisible();
  await adminContext.close();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_OWNER);
  await owner.goto('/auth');
  await expect(owner).toHaveURL(/\/dashboard$/);
  await expect(
    owner.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Bookings' }),
  ).toBeVisible();
  await expect(
    owner.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Admin' }),
  ).toHaveCount(0);
  await ownerContext.close();
});

test('at 390 px the owner menu reaches every screen and Sign Out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_OWNER);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Owner mobile' });
  for (const label of ['Dashboard', 'Bookings', 'Service Areas', 'Billing', 'Payouts']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeAttached();
  }
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  const signOut = menu.getByRole('button', { name: 'Sign Out' });
  await signOut.scrollIntoViewIfNeeded();
  await expect(signOut).toBeInViewport();
  await signOut.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the low-stock panel fits 390 px with a long item name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_OWNER);
  const name = `Extra-concentrated ceramic-infused waterless wash and wax ${randomUUID().slice(0, 6)}`;
  const created = await page.request.post('/api/inventory', {
    data: { name, category: 'Chemicals', currentStock: 1, minStockAlert: 5 },
  });
  expect(created.status()).toBe(201);
  const item = (await created.json()) as { id: string };
  try {
    await page.goto('/inventory');
    const panel = page.locator('section[aria-labelledby="low-stock-title"]');
    await expect(panel.getByText(name)).toBeVisible();
    const inner = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(inner, 'the panel scrolls sideways').toBeLessThanOrEqual(0);
    for (const card of await panel.getByRole('listitem').all()) {
      const [box, outer] = [await card.boundingBox(), await panel.boundingBox()];
      expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
    }
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  } finally {
    await page.request.delete(`/api/inventory/${item.id}`);
  }
});

test('the tab that opened the checkout shows the confirmation once the customer has paid in the other', async ({
  page,
}) => {
  await page.goto('/book?zip=78701');
  await page
    .getByRole('link', { name: /Choose Lone Star Mobile Detailing/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
  const lastName = `Paid${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Basic Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'SUV' }).click();
  await page.getByLabel('Date').fill(addDays(todayInZone(DEMO_ZONE), 29));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '9:00 AM', exact: true }).click();
  await page.getByLabel('Address').fill('12 Rainey St, Austin, TX');
  await page.getByLabel('First name').fill('Lee');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await expect(page.getByText('Complete your payment in the new tab')).toBeVisible();
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  // The first tab notices on its own: no reload, no click.
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByText(`Thanks, Lee!`)).toBeVisible();
});

test('one 404 page for an unknown path and an unknown SEO page', async ({ page }) => {
  for (const path of ['/no-such-page', '/seo/no-such-city-page']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    // The site's own header and footer around it.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  }
});

test('no route logs a missing HydrateFallback', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (/HydrateFallback/.test(msg.text())) warnings.push(`${page.url()}: ${msg.text()}`);
  });
  for (const path of ['/book', '/auth', '/contact', '/demo', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await signIn(page, DEMO_OWNER);
  for (const path of ['/bookings', '/inventory']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(warnings).toEqual([]);
});

test('the SEO generator offers the service-area cities first and warns about a city not served', async ({
  page,
}) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/marketing');
  const yours = page.getByRole('list', { name: 'Your service-area cities' });
  await yours.getByRole('button', { name: 'Austin, TX' }).click();
  await expect(page.getByLabel('City 1', { exact: true })).toHaveValue('Austin');
  await expect(page.getByLabel('State')).toHaveText(/Texas/);
  await expect(page.getByRole('alert').filter({ hasText: 'Not in your service areas' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add City' }).click();
  await page.getByLabel('City 2', { exact: true }).fill('Dallas');
  const warning = page.getByRole('alert').filter({ hasText: 'Not in your service areas' });
  await expect(warning).toContainText('Dallas, TX');
  await expect(warning.getByRole('link', { name: /add the area first/ })).toHaveAttribute(
    'href',
    '/service-areas',
  );
});

test("a business's SEO page sends Book Now to its readable booking link", async ({ page }) => {
  await page.goto('/seo/mobile-car-detailing-austin-tx');
  const book = page.getByRole('main').getByRole('link', { name: 'Book Now' }).first();
  await expect(book).toHaveAttribute('href', /^\/book\/[a-z0-9-]+\?from=/);
  await book.click();
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
});
