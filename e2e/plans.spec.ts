import { expect, test } from '@playwright/test';
import { signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

test('a Starter owner sees the upgrade card on /inventory and upgrades in test mode', async ({ page }) => {
  await signUpNewOwner(page);
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Upgrade' });
  await expect(
    card.getByText('Inventory is part of the Pro plan. Upgrade on the Billing page to use it.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Item' })).toHaveCount(0);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'upgrade-card');
  }

  await card.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByText("You're now on the Pro plan")).toBeVisible();
  await expect(page.getByText('No inventory items yet')).toBeVisible();

  await page.goto('/billing');
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(page.getByTestId('trial-days')).toHaveText('14 days left in your free trial');
  await expect(page.getByRole('region', { name: 'Pro plan' }).getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Elite plan' }).getByText('API access')).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'billing');
  }
  // Back down to Starter from the Billing screen.
  await page
    .getByRole('region', { name: 'Starter plan' })
    .getByRole('button', { name: 'Switch to Starter' })
    .click();
  await expect(page.getByText("You're now on the Starter plan")).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Starter');
});
