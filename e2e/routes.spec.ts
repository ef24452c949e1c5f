import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { expectNoSidewaysOverflow } from './overflow';
import { shot } from './screenshot';

// The owner's Routes (issue 27) on the demo business: today three technicians cross town between their jobs.
// Optimize proposes a plan with the minutes it saves, Apply makes it the day's, and Theo's field app follows it.
// It writes to the demo day, so it is one journey at one width, then read again at the other.

const DEMO_TECH = { email: 'tech@shineroute.test', password: 'shine-demo-tech' };

test('the demo owner optimizes today, sees the minutes saved, applies, and Theo’s Today follows the new order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO_OWNER);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Routes', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
  // The demo's three technicians (a journey elsewhere may have added one to the demo business: not counted).
  // By name attribute: every card's move control names every technician.
  for (const name of ['Theo', 'Nina', 'Omar'])
    await expect(page.locator(`[data-testid="route-technician"][data-technician^="${name}"]`)).toHaveCount(1);
  await expect(page.getByTestId('route-map')).toBeVisible();
  // No tile URL configured: the map draws its stops and lines on a plain background, with no image requests.
  await expect(page.locator('.leaflet-tile')).toHaveCount(0);
  await expect(page.locator('path.leaflet-interactive').first()).toBeAttached();
  await shot(page, 'routes-day');

  // The owner's say on one job (decision 1334): any time today. Saved, shown as its window after a reload, then
  // set back to its booked hour (the demo day is shared by the journeys).
  const firstStop = page
    .locator('[data-testid="route-technician"][data-technician^="Theo"]')
    .getByTestId('route-stop')
    .first();
  const stopId = await firstStop.getAttribute('data-stop-id');
  const sameStop = page.locator(`[data-testid="route-stop"][data-stop-id="${stopId}"]`);
  // The box shows what the server saved: it turns on once the day is read again.
  await sameStop.getByTestId('route-stop-any-time').click();
  await expect(page.getByText('Arrival window saved')).toBeVisible();
  await expect(sameStop.getByTestId('route-stop-any-time')).toBeChecked();
  await page.reload();
  await expect(sameStop.getByTestId('route-stop-window')).toHaveText('any time today');
  await expect(sameStop.getByTestId('route-stop-any-time')).toBeChecked();
  await shot(page, 'routes-any-time');
  await sameStop.getByTestId('route-stop-any-time').click();
  await expect(sameStop.getByTestId('route-stop-window')).toContainText('booked');
  await expect(sameStop.getByTestId('route-stop-any-time')).not.toBeChecked();

  await page.getByRole('button', { name: 'Optimize' }).click();
  const saved = page.getByTestId('minutes-saved');
  await expect(saved).toContainText(/Saves \d+ min of driving/);
  const minutes = Number((await saved.textContent())!.match(/Saves (\d+) min/)![1]);
  expect(minutes).toBeGreaterThan(30);
  await shot(page, 'routes-plan');

  // Theo's proposed stops, in order (his card is named by his full name).
  // By name attribute: a proposed plan's move controls name every technician in every card.
  const theoCard = page.locator('[data-testid="route-technician"][data-technician="Theo Ramirez"]');
  const firstPlan = await theoCard.getByTestId('route-stop-customer').allTextContents();
  expect(firstPlan.length).toBeGreaterThan(0);

  // The owner moves one of Theo's jobs to Nina with the keyboard-friendly control: the server times the new order.
  const moving = theoCard.getByTestId('route-stop').last();
  const movedCustomer = (await moving.getByTestId('route-stop-customer').textContent())!;
  const move = moving.getByTestId('route-stop-move');
  await move.focus();
  const ninaId = await move.locator('option', { hasText: 'Nina' }).getAttribute('value');
  const replanned = page.waitForResponse((r) => r.url().includes('/api/routes/evaluate') && r.ok());
  await move.selectOption(ninaId!);
  await replanned;
  // The new order shows at once with the old figures greyed; the server's answer replaces them in a later render.
  await expect(page.locator('ol[aria-busy="true"]')).toHaveCount(0);
  const ninaCard = page.locator('[data-testid="route-technician"][data-technician^="Nina"]');
  await expect(ninaCard.getByTestId('route-stop-customer').filter({ hasText: movedCustomer })).toHaveCount(1);
  await expect(theoCard.getByTestId('route-stop-customer').filter({ hasText: movedCustomer })).toHaveCount(0);
  await expect(saved).toContainText(/(Saves|Adds) \d+ min of driving|same driving/);
  await shot(page, 'routes-moved');
  // At a phone's width each move control still shows its whole label ("With Theo Ramirez", "Move to Nina Park").
  await page.setViewportSize({ width: 390, height: 844 });
  const cut = await page.getByTestId('route-stop-move').evaluateAll((els) =>
    (els as HTMLSelectElement[]).flatMap((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      const style = getComputedStyle(el);
      ctx.font = `${style.fontSize} ${style.fontFamily}`;
      // The label, the padding either side and the arrow (≈ 24 px).
      const needed = ctx.measureText(el.selectedOptions[0]!.text).width + 40;
      return needed > el.clientWidth ? [el.selectedOptions[0]!.text] : [];
    }),
  );
  expect(cut).toEqual([]);
  await expectNoSidewaysOverflow(page, 'Routes');
  await shot(page, 'routes-moved');
  await page.setViewportSize({ width: 1280, height: 900 });
  const proposed = await theoCard.getByTestId('route-stop-customer').allTextContents();

  // Moved where its booked time falls, it may still arrive outside its window: then the owner's say is asked.
  const allow = page.getByLabel('Allow arrivals outside the booked window');
  if (await allow.isVisible()) await allow.check();
  await page.getByRole('button', { name: 'Apply plan' }).click();
  await expect(page.getByText('Routes updated')).toBeVisible();
  await expect(page.getByTestId('route-plan')).toHaveCount(0);
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(proposed);

  // Theo's field app shows today's jobs in the new order.
  const tech = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const techPage = await tech.newPage();
  await signIn(techPage, DEMO_TECH);
  await techPage.goto('/field');
  const jobs = techPage.getByTestId('field-job');
  await expect(jobs.first()).toBeVisible();
  const names = await jobs.locator('p.truncate.text-base').allTextContents();
  // His jobs of the plan appear in the plan's order (the day may hold his in-progress job too).
  const inPlan = names.filter((n) => proposed.includes(n));
  expect(inPlan).toEqual(proposed);
  await tech.close();

  // The same day at a phone's width: no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-testid="route-technician"][data-technician^="Theo"]')).toHaveCount(1);
  await expectNoSidewaysOverflow(page, 'Routes');
  await shot(page, 'routes-day');
});

test('the demo owner opens Route settings: the base, and each technician’s start, end, lunch and specialist services', async ({
  page,
}) => {
  await signIn(page, DEMO_OWNER);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/routes');
    await page.getByRole('link', { name: 'Route settings' }).click();
    await expect(page.getByRole('heading', { name: 'Route settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Business base')).toBeVisible();
    const theo = page.getByTestId('technician-settings').filter({ hasText: 'Theo' });
    await expect(theo.getByLabel('Starts the day at')).toBeVisible();
    await expect(theo.getByLabel('Minutes')).toBeVisible();
    await expectNoSidewaysOverflow(page, 'Route settings');
    await shot(page, 'route-settings');
  }
});

test('a Starter owner sees the day and its drive times, with Optimize offered on Pro', async ({ page }) => {
  const { signUpNewOwner } = await import('./fixtures');
  await signUpNewOwner(page);
  await page.goto('/routes');
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
  await expect(page.getByText('No jobs on this day.')).toBeVisible();
});
