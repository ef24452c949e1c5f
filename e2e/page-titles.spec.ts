import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';

// Each public page has its own title (decision 914): in the server's HTML, and set by the web app as it navigates.
test('public pages carry their own titles; the web app sets the title as it navigates', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About us | ShineRoute');
  await page.goto('/for-detailers');
  await expect(page).toHaveTitle('For detailers: grow your detailing business | ShineRoute');
  await page.goto('/book/lone-star-mobile-detailing');
  await expect(page).toHaveTitle(/^Book Lone Star Mobile Detailing( in [^|]+)? \| ShineRoute$/);

  // The web app (owner screens): the site's default title, whatever page came before.
  await signIn(page, DEMO_OWNER);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page).toHaveTitle('ShineRoute — Mobile car detailing, booked in 60 seconds');
});
