import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

test('a non-admin sees Access Denied', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin panel")).toBeVisible();
  await page.goto('/admin/seo');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the admin generates pages for 2 states, watches the progress, searches, opens a live page and deletes all', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  for (const name of ['SEO Generator', 'Users', 'Analytics', 'Settings']) {
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByRole('link', { name: /SEO Generator/ }).click();
  await expect(page.getByRole('heading', { name: 'Platform SEO Generator' })).toBeVisible();

  // Select All / Clear All and the selected count.
  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('50 selected');
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('0 selected');

  await page.getByRole('textbox', { name: 'Keyword 1' }).fill('Mobile Detailing');
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await page.getByRole('textbox', { name: 'Keyword 2' }).fill('temporary');
  await page.getByRole('button', { name: 'Remove keyword 2' }).click();
  await expect(page.getByRole('textbox', { name: 'Keyword 2' })).toHaveCount(0);
  await page.getByLabel('Vermont').check({ force: true });
  await page.getByLabel('Rhode Island').check({ force: true });
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  await expect(page.getByRole('checkbox', { name: 'Target vehicle makes and models' })).not.toBeChecked();
  await expect(page.getByText('About 10 pages will be generated.')).toBeVisible();

  await page.getByRole('button', { name: 'Generate SEO Pages' }).click();
  const progress = page.getByTestId('generation-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('10 of 10 pages (100%)', { timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('SEO Pages Generated!')).toBeVisible();
  await expect(page.getByText('Successfully generated 10 SEO pages')).toBeVisible();

  const rows = page.getByTestId('seo-page-row');
  await expect(rows).toHaveCount(10);
  await page.getByRole('searchbox', { name: 'Search pages by title, city or state' }).fill('rutland');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Mobile Detailing in Rutland, VT');
  await expect(rows.first()).toContainText('Complete');

  const [live] = await Promise.all([
    context.waitForEvent('page'),
    rows.first().getByRole('link', { name: 'View Live Page' }).click(),
  ]);
  await expect(live).toHaveURL(/\/seo\/mobile-detailing-rutland-vt$/);
  await expect(
    live.getByRole('heading', { level: 1, name: 'Mobile Detailing in Rutland, VT' }),
  ).toBeVisible();
  // Nobody serves Vermont: the page offers the waitlist, not a booking (decision 0950).
  await expect(live.getByText('Coming soon to Rutland, VT')).toBeVisible();
  await live.close();

  // The progress survives a reload: the finished run is still reported, and the list is still there.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search pages by title, city or state' }).fill('');
  await expect(rows).toHaveCount(10);

  await page.getByRole('button', { name: 'Delete All Generated Pages' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByText('Pages Deleted')).toBeVisible();
  await expect(page.getByText('Deleted 10 SEO pages')).toBeVisible();
  await expect(page.getByText('No pages generated yet')).toBeVisible();
  const gone = await page.request.get('/seo/mobile-detailing-rutland-vt');
  expect(gone.status()).toBe(404);
});

// Issue 25 item 6 (decision 0950): platform pages for an area nobody serves and for a served one.
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

test('an SEO page for an area nobody serves offers the waitlist, and joining takes no payment', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/seo');
  await page.getByRole('textbox', { name: 'Keyword 1' }).fill('Car Detailing');
  await page.getByLabel('Rhode Island').check({ force: true });
  await page.getByRole('button', { name: 'Generate SEO Pages' }).click();
  await expect(page.getByTestId('generation-progress')).toContainText('(100%)', { timeout: 20_000 });

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto('/seo/car-detailing-providence-ri');
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Car Detailing in Providence, RI' }),
  ).toBeVisible();
  await expect(visitor.getByText('Coming soon to Providence, RI')).toBeVisible();
  await expect(visitor.getByText(/Our detailers cover/)).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: /^Call/ })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(visitor);
    await shot(visitor, 'seo-unserved');
  }
  await visitor.getByLabel('Email').fill('providence@example.com');
  await visitor.getByRole('button', { name: 'Join Waitlist' }).last().click();
  await expect(visitor.getByRole('heading', { name: "You're on the list!" })).toBeVisible();
  await shot(visitor, 'seo-unserved-joined', { viewportOnly: true });

  // A served platform page keeps its booking and Call button: the demo business serves Austin's 78701.
  await page.goto('/admin/seo');
  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.getByRole('textbox', { name: 'Keyword 1' }).fill('Car Detailing');
  await page.getByLabel('Texas').check({ force: true });
  await page.getByRole('button', { name: 'Generate SEO Pages' }).click();
  await expect(page.getByTestId('generation-progress')).toContainText('(100%)', { timeout: 30_000 });
  await visitor.goto('/seo/car-detailing-austin-tx');
  await expect(visitor.getByText('Serving Austin, TX')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Book Now' }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: /^Call/ }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await shot(visitor, 'seo-served', { viewportOnly: true });
  }
});

// Saved for people to look at (test-results/screenshots): the admin's SEO screens at phone and desktop widths.
const WIDTHS = [390, 1280];
const size = (width: number) => ({ width, height: width < 500 ? 844 : 800 });
test('admin: panel and Platform SEO Generator', async ({ page }) => {
  // Two real generation runs (two states, every make) at two widths: more than the default 30 s on a busy 2-core CI box.
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  for (const [index, width] of WIDTHS.entries()) {
    await page.setViewportSize(size(width));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await shot(page, 'admin');
    await page.goto('/admin/seo');
    await expect(page.getByRole('heading', { name: 'Platform SEO Generator' })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Keyword 1' })
      .fill(index === 0 ? 'Ceramic Coating' : 'Paint Protection');
    await page.getByLabel('Texas').check({ force: true });
    await page.getByLabel('Ohio').check({ force: true });
    await page.getByRole('checkbox', { name: 'Target vehicle makes and models' }).click();
    await shot(page, 'admin-seo-form');
    await page.getByRole('button', { name: 'Generate SEO Pages' }).click();
    await expect(page.getByTestId('generation-progress')).toBeVisible();
    // Watched for from now on: the toast may come and go while the full-page screenshot of the progress is taken.
    await Promise.all([
      expect(page.getByText('SEO Pages Generated!')).toBeVisible({ timeout: 50_000 }),
      shot(page, 'admin-seo-progress'),
    ]);
    await expect(page.getByTestId('seo-page-row').first()).toBeVisible();
    await shot(page, 'admin-seo-list');
  }
  await page.getByRole('button', { name: 'Delete All Generated Pages' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByText('Pages Deleted')).toBeVisible();
});
