import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './fixtures';
import { shot } from './screenshot';

test("a settings change shows on the landing page banner, pricing, contact page and a new quote's tax rate", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  // Other journeys read the landing page and /contact: the settings are put back whatever happens here.
  const original = (await (await page.request.get('/api/admin/settings')).json()).settings;
  try {
    await page.goto('/admin');
    await page.getByRole('link', { name: /Settings/ }).click();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByTestId('outside-service')).toHaveCount(5);
    await expect(page.getByLabel('Default tax rate (%)')).toHaveValue('8.5');

    // A clear inline error for a lead price outside $10–20; nothing is saved.
    await page.getByLabel('Lead price').fill('25');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The lead price must be between $10 and $20')).toBeVisible();
    await page.getByLabel('Lead price').fill('12.50');

    await page.getByLabel('Banner text').fill('Holiday special: 3 months at half price.');
    await page.getByLabel('Pro', { exact: true }).fill('89');
    await page.getByLabel('Support email').fill('help@shineroute.test');
    await page.getByLabel('Default tax rate (%)').fill('7.25');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByText(/Last saved .* by admin@shineroute.test/)).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('promo-banner')).toContainText('Holiday special: 3 months at half price.');
    await expect(page.locator('#pricing')).toContainText('$89');
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'help@shineroute.test' })).toBeVisible();
    // A new quote starts from the default tax rate.
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'New Quote' }).first().click();
    await expect(page.getByRole('dialog', { name: 'New Quote' }).getByLabel('Tax rate (%)')).toHaveValue(
      '7.25',
    );

    // Turned off, the banner is gone.
    await page.goto('/admin/settings');
    await page.getByRole('switch', { name: 'Show the banner' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);

    // The change is in the audit log.
    await page.goto('/admin/users?tab=audit');
    await expect(
      page.getByTestId('audit-entry').filter({ hasText: 'Changed platform settings' }).first(),
    ).toContainText('bannerEnabled: true → false');
  } finally {
    const { updatedAt: _a, updatedByEmail: _b, ...values } = original;
    expect((await page.request.put('/api/admin/settings', { data: values })).status()).toBe(200);
  }
});

test('screenshots of /admin/settings and the landing banner at 390 and 1280 px', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/settings');
    await expect(page.getByTestId('outside-service').first()).toBeVisible();
    await shot(page, 'admin-settings');
    await page.goto('/');
    await expect(page.getByTestId('promo-banner')).toContainText('Start Your FREE Trial');
    await shot(page, 'landing-banner', { viewportOnly: true });
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await shot(page, 'landing-pricing', { viewportOnly: true });
  }
});
