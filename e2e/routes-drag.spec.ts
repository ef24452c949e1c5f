import type { Locator } from '@playwright/test';
import { newPhone } from './field';
import { expect, test } from './fixtures';
import { expectNoSidewaysOverflow } from './overflow';
import { routesDay } from './routes-setup';
import { shot } from './screenshot';

// Drag to change (issue 27, decision 1270): in a business of its own, the owner reorders Theo's day by mouse, by
// keyboard and, with a finger, gives one of his jobs to Nina; takes one off Theo's route onto "Unassigned" with the
// mouse (the page scrolling at the window's edge) and one off Nina's with the keyboard; each time the server's arrival
// times and drive minutes replace the old ones; the order breaks booked windows, so Apply waits for the owner's say;
// Theo's Today follows.

const centre = async (l: Locator) => {
  const box = (await l.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('the owner drags, moves by keyboard and by touch, sees the times change, applies, and Theo’s Today follows', async ({
  browser,
  outbox,
}) => {
  test.setTimeout(300_000);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 1000 }, hasTouch: true });
  const page = await ownerContext.newPage();
  const theoPhone = await newPhone(browser);
  const ninaApi = await browser.newContext();
  const { theo, nina, today, job } = await routesDay(page, outbox, {
    plan: 'pro',
    theo: { context: theoPhone, lastName: 'Drag' },
    nina: { context: ninaApi.request, lastName: 'Drag' },
  });
  await job('Alder', '09:00', '78664', theo.userId);
  await job('Birch', '11:00', '78745', theo.userId);
  await job('Cedar', '13:00', '78681', theo.userId);
  await job('Dogwood', '10:00', '78748', nina.userId);

  await page.goto(`/routes?date=${today}`);
  const theoCard = page.locator('[data-testid="route-technician"][data-technician="Theo Drag"]');
  const ninaCard = page.locator('[data-testid="route-technician"][data-technician="Nina Drag"]');
  const stop = (card: Locator, name: string) => card.getByTestId('route-stop').filter({ hasText: name });
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Alder', 'Cy Birch', 'Cy Cedar']);
  await expect(stop(theoCard, 'Cy Cedar').getByTestId('route-stop-arrival')).toHaveText('1:00 PM');
  const driveBefore = await theoCard.getByTestId('route-technician-drive').textContent();

  // 1. Mouse: Cedar's grip dragged above Alder.
  // The new order shows at once with the old times greyed (its list aria-busy); the server's answer replaces them in
  // a later render, so each step waits for the answer and then for no list to be busy before reading a time.
  const evaluated = async () => {
    await page.waitForResponse((r) => r.url().includes('/api/routes/evaluate') && r.ok());
    await expect(page.locator('ol[aria-busy="true"]')).toHaveCount(0);
  };
  let answer = evaluated();
  await theoCard.scrollIntoViewIfNeeded();
  const from = await centre(stop(theoCard, 'Cy Cedar').getByTestId('route-stop-grip'));
  const to = await centre(stop(theoCard, 'Cy Alder'));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - 20 - from.y) * i) / 10);
  await page.mouse.up();
  await answer;
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Cedar', 'Cy Alder', 'Cy Birch']);
  // The server's times: Cedar at its booked 1:00 PM, Alder and Birch after it, outside their windows.
  await expect(stop(theoCard, 'Cy Cedar').getByTestId('route-stop-arrival')).toHaveText('1:00 PM');
  const alderArrival = stop(theoCard, 'Cy Alder').getByTestId('route-stop-arrival');
  await expect(alderArrival).toHaveText(/^[2-3]:\d\d PM$/);
  const alderAt = await alderArrival.textContent();
  await expect(stop(theoCard, 'Cy Alder').getByTestId('route-stop-outside')).toBeVisible();
  await expect(theoCard.getByTestId('route-technician-drive')).not.toHaveText(driveBefore!);
  await expect(page.getByTestId('route-plan-outside')).toBeVisible();
  await shot(page, 'routes-dragged');

  // 2. Keyboard: Birch moved up with its button, pressed with Enter.
  answer = evaluated();
  await page.getByRole('button', { name: 'Move Cy Birch up' }).focus();
  await page.keyboard.press('Enter');
  await answer;
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Cedar', 'Cy Birch', 'Cy Alder']);
  const birchArrival = stop(theoCard, 'Cy Birch').getByTestId('route-stop-arrival');
  await expect(birchArrival).toHaveText(/^[2-3]:\d\d PM$/);
  const birchAt = await birchArrival.textContent();
  expect(birchAt).not.toBe(alderAt);

  // 3. Touch: a finger drags Alder from Theo's list to the end of Nina's.
  answer = evaluated();
  const cdp = await ownerContext.newCDPSession(page);
  await theoCard.scrollIntoViewIfNeeded();
  const grip = await centre(stop(theoCard, 'Cy Alder').getByTestId('route-stop-grip'));
  const ninaLast = await centre(stop(ninaCard, 'Cy Dogwood'));
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', grip.x, grip.y);
  for (let i = 1; i <= 12; i++)
    await touch(
      'touchMove',
      grip.x + ((ninaLast.x - grip.x) * i) / 12,
      grip.y + ((ninaLast.y + 25 - grip.y) * i) / 12,
    );
  await touch('touchEnd', 0, 0);
  await answer;
  await expect(ninaCard.getByTestId('route-stop-customer')).toHaveText(['Cy Dogwood', 'Cy Alder']);
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Cedar', 'Cy Birch']);
  await shot(page, 'routes-dragged');

  // Apply waits for the owner's say on the arrivals outside their window.
  const apply = page.getByRole('button', { name: 'Apply plan' });
  await expect(apply).toBeDisabled();
  await expect(page.getByLabel('Allow arrivals outside the booked window')).toBeVisible();

  // 4. Mouse, at 1280 px on a short window: Cedar's grip held at the window's bottom edge scrolls the page down to
  // "Unassigned" (off screen when the drag began), and dropped there it leaves Theo's route.
  const unassignedCard = page.locator('[data-testid="route-technician"][data-technician="Unassigned"]');
  await page.setViewportSize({ width: 1280, height: 400 });
  answer = evaluated();
  const cedarGrip = stop(theoCard, 'Cy Cedar').getByTestId('route-stop-grip');
  // "Unassigned" 40 px below the window, Cedar's grip clear of both edges.
  const cardTop = await unassignedCard.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y), cardTop - 440);
  const scrolledFrom = await page.evaluate(() => window.scrollY);
  const cedar = await centre(cedarGrip);
  expect(cedar.y).toBeGreaterThan(70);
  expect(cedar.y).toBeLessThan(330);
  await expect(unassignedCard).not.toBeInViewport();
  await page.mouse.move(cedar.x, cedar.y);
  await page.mouse.down();
  await page.mouse.move(cedar.x, cedar.y + 20, { steps: 3 });
  await page.mouse.move(cedar.x, 395, { steps: 5 });
  // Held still at the edge: the page keeps scrolling until the card is in view.
  await expect(unassignedCard).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledFrom);
  const drop = await centre(unassignedCard);
  await page.mouse.move(drop.x, drop.y, { steps: 5 });
  await page.mouse.up();
  await answer;
  await expect(unassignedCard.getByTestId('route-stop-customer')).toHaveText(['Cy Cedar']);
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Birch']);
  await page.setViewportSize({ width: 1280, height: 1000 });

  // 5. Keyboard: Alder's "Move to" list, from Nina to its last choice, Unassigned.
  answer = evaluated();
  const alderMove = page.getByRole('combobox', { name: 'Move Cy Alder to another technician' });
  await alderMove.focus();
  await page.keyboard.press('End');
  await answer;
  await expect(unassignedCard.getByTestId('route-stop-customer')).toHaveText(['Cy Alder', 'Cy Cedar']);
  await expect(ninaCard.getByTestId('route-stop-customer')).toHaveText(['Cy Dogwood']);
  await shot(page, 'routes-unassigned');

  // A phone's width, one hand: no sideways scroll, and every stop's controls (its grip, its arrows, its "Move to"
  // list) within the screen and big enough for a thumb.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysOverflow(page, 'Routes');
  for (const control of [
    page.getByRole('combobox', { name: 'Move Cy Cedar to another technician' }),
    page.getByRole('combobox', { name: 'Move Cy Dogwood to another technician' }),
    stop(ninaCard, 'Cy Dogwood').getByTestId('route-stop-grip'),
  ]) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
  await shot(page, 'routes-unassigned');
  await page.setViewportSize({ width: 1280, height: 1000 });

  // Every arrival left is inside its window now: Apply needs no say.
  await expect(page.getByLabel('Allow arrivals outside the booked window')).toHaveCount(0);
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByText('Routes updated')).toBeVisible();
  await expect(page.getByTestId('route-plan')).toHaveCount(0);
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Birch']);
  await expect(ninaCard.getByTestId('route-stop-customer')).toHaveText(['Cy Dogwood']);
  await expect(unassignedCard.getByTestId('route-stop-customer')).toHaveText(['Cy Alder', 'Cy Cedar']);

  // Theo's Today: Birch only; Cedar is no one's now.
  const techPage = await theoPhone.newPage();
  await techPage.goto('/field');
  const jobs = techPage.getByTestId('field-job');
  await expect(jobs).toHaveCount(1);
  await expect(jobs.nth(0)).toContainText('Cy Birch');
  await theoPhone.close();
  await ninaApi.close();
  await ownerContext.close();
});
