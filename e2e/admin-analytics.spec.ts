import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './fixtures';
import { shot } from './screenshot';

test('the admin opens analytics: figures and charts from the demo data, another period, and the CSV', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Analytics/ }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByText('Coming soon')).toHaveCount(0);

  // The demo business's bookings, zip checks, waitlist and SEO leads are in the default 12 weeks.
  const bookings = page
    .locator('dt', { hasText: /^Bookings$/ })
    .locator('..')
    .locator('dd')
    .first();
  await expect(bookings).not.toHaveText('0');
  for (const chart of [
    'Bookings by week',
    'Gross booking value and tips by week',
    'Sign-ups by week',
    'Zip checks by week',
    'Waitlist demand by zip',
  ]) {
    await expect(page.locator(`figure[aria-label="${chart}"] svg.recharts-surface`).first()).toBeVisible();
  }
  await expect(
    page.locator('figure[aria-label="Bookings by week"] .recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expect(page.locator('figure[aria-label="Waitlist demand by zip"]').getByText('10001')).toBeVisible();
  await expect(page.getByRole('link', { name: /\/seo\/mobile-car-detailing-austin-tx/ })).toBeVisible();

  // A period with nothing in it, then back to the last 12 weeks.
  await page.getByLabel('From').fill('2020-01-06');
  await page.getByLabel('To').fill('2020-01-19');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2020-01-06&to=2020-01-19/);
  await expect(bookings).toHaveText('0');
  await page.getByLabel('From').fill('2020-02-01');
  await expect(page.getByRole('alert')).toHaveText('The start of the period must be on or before its end');
  await page.getByRole('button', { name: 'Last 12 weeks' }).click();
  await expect(bookings).not.toHaveText('0');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^shineroute-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain('Week starting,Sign-ups,Bookings');
  expect(csv).toContain(`Bookings,${await bookings.textContent()}\r\n`);
});

for (const width of [390, 1280]) {
  test(`analytics screenshot at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/analytics');
    await expect(
      page.locator('figure[aria-label="Bookings by week"] .recharts-bar-rectangle').first(),
    ).toBeVisible();
    await expect(
      page.locator('figure[aria-label="Waitlist demand by zip"] .recharts-bar-rectangle').first(),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'admin-analytics');
  });
}
