import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';

// Saved for people to look at (test-results/screenshots): the SEO screens at phone and desktop widths.
// One sign-in per role (sign-ins are rate-limited per address), both widths inside.
const WIDTHS = [390, 1280];
const size = (width: number) => ({ width, height: width < 500 ? 844 : 800 });
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });

test('public SEO page and its 404', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(size(width));
    await page.goto('/seo/mobile-car-detailing-austin-tx');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'seo-page', width);
    await page.goto('/seo/not-a-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await shot(page, 'seo-404', width);
  }
});

test('owner: Marketing Tools and the admin panel denied', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  for (const width of WIDTHS) {
    await page.setViewportSize(size(width));
    await page.goto('/marketing');
    await expect(page.getByTestId('landing-page-row').first()).toBeVisible();
    await shot(page, 'marketing', width);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await shot(page, 'admin-denied', width);
  }
});

test('admin: panel and Platform SEO Generator', async ({ page }) => {
  // Two real generation runs (two states, every make) at two widths: more than the default 30 s on a busy 2-core CI box.
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  for (const [index, width] of WIDTHS.entries()) {
    await page.setViewportSize(size(width));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await shot(page, 'admin', width);
    await page.goto('/admin/seo');
    await expect(page.getByRole('heading', { name: 'Platform SEO Generator' })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Keyword 1' })
      .fill(index === 0 ? 'Ceramic Coating' : 'Paint Protection');
    await page.getByLabel('Texas').check({ force: true });
    await page.getByLabel('Ohio').check({ force: true });
    await page.getByRole('checkbox', { name: 'Target vehicle makes and models' }).click();
    await shot(page, 'admin-seo-form', width);
    await page.getByRole('button', { name: 'Generate SEO Pages' }).click();
    await expect(page.getByTestId('generation-progress')).toBeVisible();
    await shot(page, 'admin-seo-progress', width);
    await expect(page.getByText('SEO Pages Generated!')).toBeVisible({ timeout: 50_000 });
    await expect(page.getByTestId('seo-page-row').first()).toBeVisible();
    await shot(page, 'admin-seo-list', width);
  }
  await page.getByRole('button', { name: 'Delete All Generated Pages' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByText('Pages Deleted')).toBeVisible();
});
