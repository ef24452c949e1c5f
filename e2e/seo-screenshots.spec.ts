import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';

// Saved for people to look at (test-results/screenshots): the SEO screens at phone and desktop widths.
for (const width of [390, 1280]) {
  test(`SEO screens at ${width}px`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const shot = (name: string) => page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });

    const publicPage = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
    await publicPage.goto('/seo/mobile-car-detailing-austin-tx');
    await expect(publicPage.getByRole('heading', { level: 1 })).toBeVisible();
    await publicPage.screenshot({ path: `test-results/screenshots/seo-page-${width}.png`, fullPage: true });
    await publicPage.goto('/seo/not-a-page');
    await publicPage.screenshot({ path: `test-results/screenshots/seo-404-${width}.png`, fullPage: true });
    await publicPage.close();

    await signIn(page, DEMO_OWNER);
    await page.goto('/marketing');
    await expect(page.getByTestId('landing-page-row').first()).toBeVisible();
    await shot('marketing');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await shot('admin-denied');

    await page.context().clearCookies();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await shot('admin');
    await page.goto('/admin/seo');
    await expect(page.getByRole('heading', { name: 'Platform SEO Generator' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Keyword 1' }).fill('Ceramic Coating');
    await page.getByLabel('Texas').check({ force: true });
    await page.getByLabel('Ohio').check({ force: true });
    await page.getByRole('checkbox', { name: 'Target vehicle makes and models' }).click();
    await shot('admin-seo-form');
    await page.getByRole('button', { name: 'Generate SEO Pages' }).click();
    await expect(page.getByTestId('generation-progress')).toBeVisible();
    await shot('admin-seo-progress');
    await expect(page.getByText('SEO Pages Generated!')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('seo-page-row').first()).toBeVisible();
    await shot('admin-seo-list');
    await page.getByRole('button', { name: 'Delete All Generated Pages' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete All' }).click();
    await expect(page.getByText('Pages Deleted')).toBeVisible();
  });
}
