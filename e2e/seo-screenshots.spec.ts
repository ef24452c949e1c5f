import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

// Saved for people to look at (test-results/screenshots): the SEO screens at phone and desktop widths (the admin's
// generator screens are in admin-seo.spec, which runs apart: it deletes every generated page).
const WIDTHS = [390, 1280];
const size = (width: number) => ({ width, height: width < 500 ? 844 : 800 });
test('public SEO page and its 404', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(size(width));
    await page.goto('/seo/mobile-car-detailing-austin-tx');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'seo-page');
    await page.goto('/seo/not-a-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await shot(page, 'seo-404');
  }
});

test('owner: Marketing Tools and the admin panel denied', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  for (const width of WIDTHS) {
    await page.setViewportSize(size(width));
    await page.goto('/marketing');
    await expect(page.getByTestId('landing-page-row').first()).toBeVisible();
    await shot(page, 'marketing');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await shot(page, 'admin-denied');
  }
});
