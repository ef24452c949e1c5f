import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, signUpNewOwner } from './fixtures';

// The advertised "50% off the first 3 months" (issue 25, item 5; decision 0951): /billing and the plan cards show the
// discounted price and for how long while the promotion is on; switched off, the banner is gone and prices are full.

test('the promotion shows on /billing and the landing plan cards, and switched off leaves full prices', async ({
  browser,
}) => {
  const ownerPage = await browser.newPage();
  await signUpNewOwner(ownerPage);
  await ownerPage.goto('/billing');
  await expect(ownerPage.getByTestId('billing-promotion')).toHaveText(
    'Limited time: 50% off your first 3 months when your subscription starts.',
  );
  const pro = ownerPage.getByRole('region', { name: 'Pro plan' });
  await expect(pro).toContainText('$39.50/month');
  await expect(pro.getByTestId('plan-promotion')).toHaveText(
    '50% off for your first 3 months, then $79.00/month',
  );

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByTestId('promo-banner')).toBeVisible();
  await expect(visitor.locator('#pricing')).toContainText('50% off your first 3 months, then $79/month');

  const adminPage = await browser.newPage();
  await signIn(adminPage, DEMO_ADMIN);
  const original = (await (await adminPage.request.get('/api/admin/settings')).json()).settings;
  try {
    await adminPage.goto('/admin/settings');
    await adminPage.getByRole('switch', { name: 'Show the banner and apply the promotion' }).click();
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(adminPage.getByText('Settings saved')).toBeVisible();

    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByTestId('promo-banner')).toHaveCount(0);
    await expect(visitor.locator('#pricing')).toContainText('$79/month');
    await expect(visitor.locator('#pricing')).not.toContainText('50% off');

    await ownerPage.reload();
    await expect(ownerPage.getByRole('region', { name: 'Pro plan' })).toContainText('$79.00/month');
    await expect(ownerPage.getByTestId('billing-promotion')).toHaveCount(0);
    await expect(ownerPage.getByTestId('plan-promotion')).toHaveCount(0);
  } finally {
    const { updatedAt: _a, updatedByEmail: _b, ...values } = original;
    expect((await adminPage.request.put('/api/admin/settings', { data: values })).status()).toBe(200);
  }
});
