import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

// Saved for people to look at (test-results/screenshots); each page must render its main heading first.
const WIDTHS = [390, 1280];

for (const width of WIDTHS) {
  test(`screenshots at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'home');

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await shot(page, 'auth');

    await signIn(page, DEMO_OWNER);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-Total Revenue')).not.toHaveText('$0.00');
    await shot(page, 'dashboard');
  });
}
