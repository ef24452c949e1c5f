import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays } from '../src/shared/time';
import { setPlan, signUpNewOwner } from './fixtures';

// Issue 13: the customer books at /book with the keyboard alone — zip check, service, vehicle, date and time,
// details, the test checkout and the confirmation — pressing Tab, Shift+Tab, Enter, Space and the arrow keys and
// typing into whatever has focus (no clicks, no fill()). Its business is its own, serving a zip no other journey uses.

const ZIP = '78749';

/** Presses `key` until `target` has focus (a bounded walk: failing means the control cannot be reached). */
async function moveTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

/** What has focus shows a ring (its own outline or box-shadow, or its label's when the control is a card's radio). */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const shown = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    return shown(el) || shown(el.closest('label'));
  });
  expect(ring, 'the focused control shows a focus ring').toBe(true);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await moveTo(page, target);
  await expectFocusRing(page);
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
}

/** Opens a Radix select from the keyboard and moves with the arrow keys to the option, then Enter. */
async function choose(page: Page, trigger: Locator, option: string) {
  await moveTo(page, trigger);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 30 && !(await wanted.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(trigger).toContainText(option);
  await expect(trigger).toBeFocused();
}

test('a customer books and pays at /book with the keyboard alone', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // The business (set up through its owner's API; the journey is the customer's).
  await signUpNewOwner(page, { firstName: 'Kim', lastName: 'Keys' });
  await setPlan(page, 'pro');
  const name = `Keyboard Shine ${Date.now().toString(36)}`;
  expect(
    (
      await page.request.put('/api/business-profile', {
        data: { businessName: name, businessEmail: 'hello@keyboard-shine.test', phone: '(512) 555-0177' },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post('/api/services', {
        data: { name: 'Keyboard Wash', basePriceCents: 8000, durationMinutes: 60 },
      })
    ).status(),
  ).toBe(201);
  const area = await page.request.post('/api/service-areas', {
    data: { zipCode: ZIP, city: 'Austin', state: 'Texas', stateCode: 'TX' },
  });
  expect(area.status()).toBe(201);
  // New areas start inactive; the zip check finds active ones only.
  const { id: areaId } = (await area.json()) as { id: string };
  expect(
    (await page.request.patch(`/api/service-areas/${areaId}`, { data: { isActive: true } })).status(),
  ).toBe(200);
  // Card payments in test mode (a business is offered for a zip once it can take payments).
  expect((await page.request.post('/api/payouts/account')).status()).toBe(200);
  const { slug } = (await (await page.request.get('/api/booking-link')).json()) as { slug: string };
  const options = (await (await page.request.get(`/api/booking/options?business=${slug}`)).json()) as {
    today: string;
    closedWeekdays: number[];
  };
  // Three weeks ahead, on a day the business is open.
  let date = addDays(options.today, 21);
  while (options.closedWeekdays.includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
  const customer = await context.newPage();
  await customer.goto('/');

  // Zip check on the landing page.
  await typeInto(customer, customer.getByRole('textbox', { name: 'Check availability in your area' }), ZIP);
  await customer.keyboard.press('Enter');
  await expect(customer).toHaveURL(new RegExp(`/book\\?zip=${ZIP}`));
  const chooseLink = customer.getByRole('link', { name: `Choose ${name}` });
  const heading = customer.getByRole('heading', { level: 1, name });
  await expect(chooseLink.or(heading)).toBeVisible();
  if (await chooseLink.isVisible()) {
    await moveTo(customer, chooseLink);
    await expectFocusRing(customer);
    await customer.keyboard.press('Enter');
  }
  await expect(heading).toBeVisible();

  // 1 Service: the radio group is one Tab stop; Space picks the focused service.
  const service = customer.getByRole('radio', { name: /Keyboard Wash/ });
  await moveTo(customer, service);
  await expectFocusRing(customer);
  await customer.keyboard.press('Space');
  await expect(service).toBeChecked();

  // 2 Vehicle.
  await choose(customer, customer.getByLabel('Vehicle type'), 'SUV');
  await typeInto(customer, customer.getByLabel('Year'), '2022');
  await typeInto(customer, customer.getByLabel('Make'), 'Honda');
  await typeInto(customer, customer.getByLabel('Model'), 'Pilot');

  // 3 Schedule: the date typed into the native date field (month, day, year), then a time from the list.
  const dateField = customer.getByLabel('Date');
  await moveTo(customer, dateField);
  await expectFocusRing(customer);
  const [y, m, d] = date.split('-');
  await customer.keyboard.type(`${m}${d}${y}`);
  await expect(dateField).toHaveValue(date);
  await choose(customer, customer.getByLabel('Time'), '10:00 AM');

  // 4 Location and 5 Contact; a Shift+Tab back to fix the first name on the way.
  await typeInto(customer, customer.getByLabel('Address'), '12 Keyboard Ln, Austin, TX');
  await expect(customer.getByLabel('Zip code')).toHaveValue(ZIP);
  await typeInto(customer, customer.getByLabel('First name'), 'Robyn');
  await typeInto(customer, customer.getByLabel('Last name'), 'Keys');
  await moveTo(customer, customer.getByLabel('First name'), 'Shift+Tab');
  await customer.keyboard.press('End');
  await customer.keyboard.press('Backspace');
  await expect(customer.getByLabel('First name')).toHaveValue('Roby');
  await typeInto(customer, customer.getByLabel('Email'), `robyn.keys.${Date.now().toString(36)}@example.com`);
  await expect(customer.getByTestId('price-total')).toHaveText('$96.00'); // $80 × 1.2 (SUV)

  // Book Now with Enter: the test checkout opens in a new tab; Pay with the keyboard there too.
  const bookNow = customer.getByRole('button', { name: 'Book Now' });
  await moveTo(customer, bookNow);
  await expectFocusRing(customer);
  const popup = customer.waitForEvent('popup');
  await customer.keyboard.press('Enter');
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(checkout.getByText('Test mode', { exact: false }).first()).toBeVisible();
  await expect(checkout.getByTestId('checkout-amount')).toHaveText('$96.00');
  const pay = checkout.getByRole('button', { name: /^Pay/ });
  await moveTo(checkout, pay);
  await expectFocusRing(checkout);
  await checkout.keyboard.press('Enter');
  await checkout.waitForURL(/\/booking-success\?session_id=cs_test_/);
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  // The booking tab follows to the confirmation too.
  await expect(customer.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await context.close();
});
