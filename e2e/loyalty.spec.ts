import { expect, test } from '@playwright/test';
import { setPlan, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

async function addCustomer(page: import('@playwright/test').Page, first: string, last: string) {
  await page.goto('/customers');
  await page.getByRole('main').getByRole('button', { name: 'Add Customer' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill(`${first.toLowerCase()}.${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: /Add Customer|Save/ }).click();
  await expect(dialog).toBeHidden();
}

test('adjust points and watch the tier badge change; redeeming more than the balance is refused', async ({
  page,
}) => {
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  await addCustomer(page, 'Morgan', 'Lee');
  await page.goto('/loyalty');
  await expect(page.getByRole('heading', { name: 'Loyalty Program' })).toBeVisible();
  const member = page
    .getByTestId('loyalty-customer')
    .filter({ hasText: 'Morgan Lee' })
    .filter({ visible: true });
  await expect(member.getByText('Bronze')).toBeVisible();

  // §5: everything required.
  await page.getByRole('button', { name: 'Adjust Points' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Adjust Points' });
  await dialog.getByRole('button', { name: 'Save Points' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();

  await dialog.getByLabel('Customer').click();
  await page.getByRole('option', { name: /Morgan Lee/ }).click();
  await dialog.getByLabel('Points').fill('250');
  await dialog.getByLabel('Description').fill('Welcome bonus');
  await dialog.getByRole('button', { name: 'Save Points' }).click();
  await expect(page.getByText('Points added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(member.getByText('Silver')).toBeVisible();
  await expect(member.getByTestId('loyalty-points')).toHaveText(/^250/);
  await expect(page.getByTestId('stat-Points Issued')).toHaveText('250');

  // Over-redemption: the server's message, nothing changes.
  await member.getByRole('button', { name: 'Adjust' }).click();
  await dialog.getByLabel('Points').fill('300');
  await dialog.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Redeemed' }).click();
  await dialog.getByLabel('Description').fill('Too many');
  await dialog.getByRole('button', { name: 'Save Points' }).click();
  await expect(page.getByText('Morgan Lee has only 250 points; 300 cannot be redeemed')).toBeVisible();
  await dialog.getByLabel('Points').fill('100');
  await dialog.getByRole('button', { name: 'Save Points' }).click();
  await expect(page.getByText('Points redeemed successfully')).toBeVisible();
  await expect(member.getByText('Bronze')).toBeVisible();
  await expect(page.getByTestId('stat-Points Redeemed')).toHaveText('100');

  await page.getByRole('tab', { name: 'Transactions' }).click();
  const rows = page.getByTestId('loyalty-transaction');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('-100');
  await expect(rows.nth(1)).toContainText('+250');

  // The customers screen reads the same numbers.
  await page.goto('/customers');
  await expect(page.getByText('Bronze').filter({ visible: true })).toBeVisible();
});

test('create a reward next to the four seeded ones, then deactivate it', async ({ page }) => {
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  await page.goto('/loyalty');
  await page.getByRole('tab', { name: 'Rewards' }).click();
  await expect(page.getByTestId('reward-card')).toHaveCount(4);
  await expect(page.getByText('Free Car Air Freshener')).toBeVisible();

  await page.getByRole('button', { name: 'New Reward' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Reward' });
  await dialog.getByLabel('Name').fill('Free Tire Shine');
  await dialog.getByRole('button', { name: 'Create Reward' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  await dialog.getByLabel('Description (optional)').fill('Glossy tires on your next visit');
  await dialog.getByLabel('Points required').fill('75');
  await dialog.getByLabel('Value ($)').fill('12.50');
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Service' }).click();
  await dialog.getByRole('button', { name: 'Create Reward' }).click();
  await expect(page.getByText('Reward created successfully')).toBeVisible();
  const card = page.getByTestId('reward-card').filter({ hasText: 'Free Tire Shine' });
  await expect(card).toContainText('75');
  await expect(card).toContainText('$12.50');
  await expect(card).toContainText('Service');

  await card.getByRole('button', { name: 'Edit Free Tire Shine' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Reward' });
  await edit.getByLabel('Active (offered to customers)').click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Reward updated successfully')).toBeVisible();
  await expect(card.getByText('Inactive')).toBeVisible();
});

test('loyalty screenshots at 390px and 1280px', async ({ browser }) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpNewOwner(page);
    await setPlan(page, 'pro');
    await setPlan(page, 'pro');
    await addCustomer(page, 'Avery', 'Stone');
    await page.goto('/loyalty');
    await expect(page.getByTestId('loyalty-customer').filter({ visible: true })).toHaveCount(1);
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await shot(page, 'loyalty-customers');
    expect(await noOverflow()).toBe(true);
    await page.getByRole('tab', { name: 'Rewards' }).click();
    await expect(page.getByTestId('reward-card')).toHaveCount(4);
    await shot(page, 'loyalty-rewards');
    expect(await noOverflow()).toBe(true);
    await page.getByRole('button', { name: 'Adjust Points' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Adjust Points' })).toBeVisible();
    await shot(page, 'loyalty-adjust', { viewportOnly: true });
    await context.close();
  }
});
