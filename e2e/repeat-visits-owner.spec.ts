import type { Locator, Page } from '@playwright/test';
import { addDays, todayInZone } from '../src/shared/time';
import { expect, newBookableBusiness, test } from './fixtures';
import { shot } from './screenshot';

// Issue 32, the owner's side of repeat visits: the owner makes a wash repeatable with a discount per frequency on
// the Repeat visits screen, books a phone-in customer every 2 weeks from New booking (the card saved on the card
// page, as /book does), sees the series with its next visit, books a one-off with an add-on priced by the server
// (issue 29), and moves a rainy day's repeat visits to the next day from the calendar's day view: preview, confirm,
// the customer told once. Screenshots at 390 and 1280 px.

const ZONE = 'America/Chicago';

async function pickOption(scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope
    .page()
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
}

async function shoot(page: Page, name: string, target?: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (target) await target.scrollIntoViewIfNeeded();
    await shot(page, name, { viewportOnly: Boolean(target) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner makes a wash repeatable, books a series and an add-on, and moves a rainy day', async ({
  page,
  outbox,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const business = await newBookableBusiness(page, [{ name: 'Car Wash', basePriceCents: 5000 }], {
    plan: 'pro',
  });
  const services = await (await page.request.get('/api/services/options')).json();
  const wash = services.items.find((s: { name: string }) => s.name === 'Car Wash');
  const addOn = await page.request.post(`/api/services/${wash.id}/add-ons`, {
    data: { name: 'Pet hair removal', priceCents: 2500, extraMinutes: 30, vehicleTypes: [] },
  });
  expect(addOn.status(), await addOn.text()).toBe(201);

  // The Repeat visits screen, from the owner's navigation: the wash made repeatable with its three discounts.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Repeat visits' }).first().click();
  await expect(page.getByRole('heading', { name: 'Repeat visits', level: 1 })).toBeVisible();
  const terms = page.getByRole('form', { name: 'Repeat visits of Car Wash' });
  await terms.getByRole('switch', { name: 'Repeatable' }).click();
  await terms.getByLabel('Every week (% off)').fill('60');
  await terms.getByRole('button', { name: 'Save' }).click();
  await expect(terms.getByText('The discount can be at most 50%')).toBeVisible();
  await terms.getByLabel('Every week (% off)').fill('15');
  await terms.getByLabel('Every 2 weeks (% off)').fill('10');
  await terms.getByLabel('Every 4 weeks (% off)').fill('5');
  await terms.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Car Wash is repeatable')).toBeVisible();

  // New booking, every 2 weeks, for a phone-in customer: the series' card page saves the card.
  const firstDay = addDays(todayInZone(ZONE), 9);
  const email = `pat-${business.businessId.slice(0, 6)}@example.com`;
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'New Booking' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await dialog.getByLabel('First name').fill('Pat');
  await dialog.getByLabel('Last name').fill('Phonein');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Make').fill('Honda');
  await dialog.getByLabel('Model').fill('Civic');
  await pickOption(dialog, 'Service', 'Car Wash');
  await pickOption(dialog, 'How often', 'Every 2 weeks (10% off)');
  await expect(dialog.getByText(/\$45\.00 a visit \(10% off\)/)).toBeVisible();
  await dialog.getByLabel('Date').fill(firstDay);
  await pickOption(dialog, 'Time', '10:00 AM');
  await dialog.getByLabel('Service address').fill('40 Red River St, Austin, TX 78701');
  await shoot(page, 'owner-new-booking-repeat', dialog.getByLabel('How often'));
  await dialog.getByRole('button', { name: 'Create Repeat Visits' }).click();
  const cardPage = dialog.getByTestId('series-card-page');
  await expect(cardPage).toBeVisible();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    cardPage.getByRole('link', { name: 'Open the card page' }).click(),
  ]);
  await popup.getByRole('button', { name: 'Save card' }).click();
  await popup.waitForURL(/\/manage\//);
  await expect(popup.getByTestId('series-visits')).toContainText('Every 2 weeks · Car Wash');
  await popup.close();
  await page.keyboard.press('Escape');

  // The series on the Repeat visits screen: customer, service, frequency, next visit, status.
  await page.goto('/repeat-visits');
  const row = page.getByTestId('series-row').filter({ hasText: 'Pat Phonein' });
  await expect(row).toContainText('Car Wash · Every 2 weeks · $45.00 a visit (10% off)');
  await expect(row).toContainText('Active');
  await expect(row.getByTestId('series-next')).not.toHaveText('—');
  await shoot(page, 'repeat-visits');

  // A one-off with an add-on: the price shown and the booking's price both include it (the server prices it).
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'New Booking' }).first().click();
  const oneOff = page.getByRole('dialog', { name: 'New Booking' });
  await oneOff.getByLabel('First name').fill('Ada');
  await oneOff.getByLabel('Last name').fill('Addon');
  await oneOff.getByLabel('Email').fill(`ada-${business.businessId.slice(0, 6)}@example.com`);
  await oneOff.getByLabel('Make').fill('Ford');
  await oneOff.getByLabel('Model').fill('Escape');
  await pickOption(oneOff, 'Service', 'Car Wash');
  await oneOff.getByLabel('Pet hair removal (+$25.00, +30 min)').check();
  await expect(oneOff.getByTestId('bf-addons-total')).toHaveText('With add-ons: $75.00');
  await oneOff.getByLabel('Date').fill(addDays(todayInZone(ZONE), 10));
  await pickOption(oneOff, 'Time', '1:00 PM');
  await oneOff.getByLabel('Service address').fill('12 Congress Ave, Austin, TX 78701');
  await shoot(page, 'owner-new-booking-add-on', oneOff.getByTestId('bf-addons-total'));
  await oneOff.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Booking created')).toBeVisible();
  const details = page.getByRole('dialog', { name: /Ada Addon/ });
  await expect(details.getByText('$75.00').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Rain on the first visit's day: the day view's Weather move, preview, confirm.
  await page.goto(`/bookings?view=day&date=${firstDay}`);
  await page.getByRole('button', { name: 'Weather move' }).click();
  const weather = page.getByRole('dialog', { name: 'Weather move' });
  await expect(weather.getByLabel('Day to move')).toHaveValue(firstDay);
  await expect(weather.getByLabel('New day')).toHaveValue(addDays(firstDay, 1));
  await weather.getByRole('button', { name: 'Preview' }).click();
  const planned = weather.getByTestId('weather-visit');
  await expect(planned).toHaveCount(1);
  await expect(planned).toContainText('Pat Phonein · Car Wash');
  await expect(planned).toContainText('→');
  await shoot(page, 'weather-move-preview', planned);
  await weather.getByRole('button', { name: 'Move 1 visit' }).click();
  await expect(page.getByText('1 visit moved; each customer is told')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${addDays(firstDay, 1)}`));

  const series = (await (await page.request.get('/api/series')).json()).items[0];
  const view = await (await page.request.get(`/api/series/${series.id}`)).json();
  expect(view.visits[0].scheduledAt.slice(0, 10) >= addDays(firstDay, 1)).toBe(true);
  const told = (await outbox(email)).filter((m) => m.subject?.startsWith('Weather'));
  expect(told).toHaveLength(1);

  // Rain again, and the only day offered is past the booking horizon: the visit stays, flagged "Needs a new time", and
  // its customer is asked once to pick one (decision 1345).
  const movedTo = addDays(firstDay, 1);
  await page.getByRole('button', { name: 'Weather move' }).click();
  const again = page.getByRole('dialog', { name: 'Weather move' });
  await expect(again.getByLabel('Day to move')).toHaveValue(movedTo);
  await again.getByLabel('New day').fill(addDays(movedTo, 400));
  await again.getByRole('button', { name: 'Preview' }).click();
  await expect(again.getByTestId('weather-visit').filter({ hasText: 'Pat Phonein' })).toContainText(
    'The customer is asked to pick a new time.',
  );
  await again.getByRole('button', { name: /^Ask for a new time/ }).click();
  await expect(
    page.getByText(/^0 visits moved; \d+ visits? stayed \(no free time on the new day\)/),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${movedTo}`));
  const flagged = page.getByTestId('booking-card').filter({ hasText: 'Pat Phonein' });
  await expect(flagged.getByTestId('needs-new-time')).toHaveText('Needs a new time');
  await shoot(page, 'weather-move-needs-a-new-time', flagged);
  const asked = (await outbox(email)).filter((m) => m.subject?.includes('cannot go ahead'));
  expect(asked).toHaveLength(1);
});
