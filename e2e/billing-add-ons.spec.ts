import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, setPlan, signIn, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// Franchise and the §9 add-ons (issue 25, item 17; decisions 0952, 0953), and screenshots of the screens this issue's
// billing items changed (items 5, 17) at 390 and 1280 px; the SEO item's (6) journey is in admin-seo.spec.

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

test('an owner buys white-label setup, the CRM booster pack and NFC tags; the admin fulfils the order and assigns Franchise', async ({
  browser,
}) => {
  const owner = await browser.newPage();
  const account = await signUpNewOwner(owner);
  await setPlan(owner, 'elite');
  await owner.goto('/billing');

  const whiteLabel = owner.getByRole('region', { name: 'White-label setup' });
  await expect(whiteLabel).toContainText('$499 one-time');
  await whiteLabel.getByRole('button', { name: 'Buy White-label setup' }).click();
  await expect(owner.getByTestId('white-label-status')).toContainText('In progress');

  const booster = owner.getByRole('region', { name: 'CRM booster pack' });
  await expect(booster).toContainText('$9.99/month');
  await booster.getByRole('button', { name: 'Add CRM booster pack' }).click();
  await expect(booster.getByRole('link', { name: 'Export customers (CSV)' })).toBeVisible();

  const tags = owner.getByRole('region', { name: 'NFC tap tags' });
  await tags.getByLabel('Number of tags').fill('30');
  await expect(tags.getByText('30 × $4.00 = $120.00')).toBeVisible();
  await tags.getByRole('button', { name: 'Order NFC tags' }).click();
  await expect(tags.getByTestId('nfc-order')).toContainText('30 tags · $120.00');
  await expect(tags.getByTestId('nfc-order')).toContainText('Ordered');
  await expect(owner.getByText('White-label setup', { exact: true }).last()).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Billing history' })).toBeVisible();

  const admin = await browser.newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin/users?tab=add-ons');
  const order = admin
    .getByTestId('add-on-order')
    .filter({ hasText: account.email })
    .filter({ hasText: 'NFC tap tags × 30' });
  await expect(order).toContainText('To send');
  await order.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(order).toContainText('Fulfilled');
  await owner.reload();
  await expect(owner.getByRole('region', { name: 'NFC tap tags' }).getByTestId('nfc-order')).toContainText(
    'Sent',
  );

  await admin.goto('/admin/users');
  await admin.getByRole('searchbox').fill(account.email);
  await admin
    .getByTestId('account-row')
    .filter({ hasText: account.email })
    .getByRole('button', { name: /Manage/ })
    .click();
  await admin.getByLabel('Assign plan').selectOption('franchise');
  await admin.getByRole('button', { name: 'Save plan' }).click();
  await expect(admin.getByText('Plan set to Franchise')).toBeVisible();
  await owner.reload();
  await expect(owner.getByTestId('current-plan')).toHaveText('Franchise');
  await expect(owner.getByTestId('franchise-plan')).toBeVisible();
});

test('screenshots of /billing, the plan cards, admin settings and add-on orders at 390 and 1280 px', async ({
  browser,
}) => {
  const owner = await browser.newPage();
  await signUpNewOwner(owner);
  await setPlan(owner, 'pro');
  await owner.request.post('/api/billing/add-ons', {
    data: { addOn: 'nfc_tags', quantity: 12, target: 'booking' },
  });
  const admin = await browser.newPage();
  await signIn(admin, DEMO_ADMIN);
  for (const width of [390, 1280]) {
    for (const p of [owner, admin]) await p.setViewportSize({ width, height: 900 });
    await owner.goto('/billing');
    await expect(owner.getByTestId('billing-promotion')).toBeVisible();
    await noSidewaysScroll(owner);
    await shot(owner, 'billing');
    await owner.goto('/');
    await owner.locator('#pricing').scrollIntoViewIfNeeded();
    await shot(owner, 'plan-cards', { viewportOnly: true });
    await admin.goto('/admin/settings');
    await expect(admin.getByTestId('outside-service').first()).toBeVisible();
    await noSidewaysScroll(admin);
    await shot(admin, 'admin-settings-promotion');
    await admin.goto('/admin/users?tab=add-ons');
    await expect(admin.getByTestId('add-on-order').first()).toBeVisible();
    await noSidewaysScroll(admin);
    await shot(admin, 'admin-add-ons');
  }
});
