import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

test('the admin grants a role and suspends an account; the suspended user is signed out and cannot sign in', async ({
  page,
  browser,
}) => {
  // The user, signed in in their own browser.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const user = await signUpNewOwner(userPage, { firstName: 'Sasha', lastName: 'Suspend' });

  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Users/ }).click();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await page.getByLabel('Search').fill(user.email);
  const row = page.getByTestId('account-row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  await expect(row).toContainText('Starter · Trial, 14 days left');
  await row.getByRole('button', { name: `Manage ${user.email}` }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sasha Suspend' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Business', exact: true })).toBeVisible();
  // Grant the admin role.
  await dialog.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText(`${user.email} is now an admin.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Revoke Admin role' })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('audit-entry').first()).toContainText('Granted role');

  // Suspend.
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspend this account?' });
  await confirm.getByLabel('Reason (optional)').fill('E2E check');
  await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(page.getByText(`${user.email} has been signed out.`)).toBeVisible();
  await expect(page.getByRole('dialog').getByText('This account cannot sign in.')).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  // The user's session has ended: the next navigation goes to sign-in, and signing in is refused.
  await userPage.goto('/dashboard');
  await expect(userPage).toHaveURL(/\/auth/);
  await userPage.getByLabel('Email').fill(user.email);
  await userPage.getByLabel('Password').fill(user.password);
  await userPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    userPage.getByText('This account has been suspended. Contact support to restore it.'),
  ).toBeVisible();
  await expect(userPage).toHaveURL(/\/auth/);
  await userContext.close();

  // The audit log tab lists both actions.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  const entries = page.getByTestId('audit-entry').filter({ hasText: user.email });
  await expect(entries.filter({ hasText: 'Suspended account' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Granted role' })).toHaveCount(1);
});

test('screenshots of /admin/users at 390 and 1280 px', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/users');
    await expect(page.getByTestId('account-row').first()).toBeVisible();
    await shot(page, 'admin-users');
    // Other journeys add accounts newest first: the demo owner is found by search, not by being on the first page.
    await page.getByLabel('Search').fill('owner@shineroute.test');
    await page
      .getByTestId('account-row')
      .filter({ hasText: 'owner@shineroute.test' })
      .getByRole('button', { name: /Manage/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Business', exact: true })).toBeVisible();
    await shot(page, 'admin-users-dialog', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await page.goto('/admin/users?tab=audit');
    await expect(page.getByRole('tab', { name: 'Audit log', selected: true })).toBeVisible();
    await shot(page, 'admin-audit');
  }
});
