import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { sidewaysOverflow } from './overflow';
import { shot } from './screenshot';

// Issue 25, item 14: three places that ran past a 390 px phone. The same check runs on every screen and dialog of
// the accessibility sweep (e2e/axe.ts, checkScreen).

test.use({ viewport: { width: 390, height: 844 } });

test('/patent-diagrams keeps the page at 390 px; the drawing scrolls inside its own frame', async ({
  page,
}) => {
  await page.goto('/patent-diagrams');
  await expect(page.getByRole('heading', { name: 'Patent diagrams', level: 1 })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  const frame = page.getByRole('region', { name: 'FIG. 1, scrollable' });
  expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await shot(page, 'patent-diagrams');
});

test("the dashboard's share card fits: the whole link box, the QR button and the embed box inside the card", async ({
  page,
}) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/dashboard');
  const link = page.getByLabel('Booking link');
  await expect(link).toHaveValue(/\/book\/lone-star-mobile-detailing$/);
  await expect(page.getByRole('link', { name: 'Download QR code' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  // The link box had shrunk to "http://" beside its two buttons.
  expect((await link.boundingBox())!.width).toBeGreaterThan(250);
  await shot(page, 'dashboard-share-card');
});

test('New Quote fits a phone with a customer, a service and a deposit chosen', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New Quote' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Quote' });
  await expect(dialog).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'Deposit' }).click();
  await page.getByRole('option', { name: 'Percent of total' }).click();
  await dialog.getByLabel('Deposit (%)').fill('25');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await shot(page, 'new-quote', { viewportOnly: true });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('screenshots of the three screens, nothing overflowing', async ({ page }) => {
    await page.goto('/patent-diagrams');
    expect(await sidewaysOverflow(page)).toEqual([]);
    await shot(page, 'patent-diagrams');
    await signIn(page, DEMO_OWNER);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Download QR code' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await shot(page, 'dashboard-share-card');
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'New Quote' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Quote' });
    await dialog.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option').first().click();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await shot(page, 'new-quote', { viewportOnly: true });
  });
});
