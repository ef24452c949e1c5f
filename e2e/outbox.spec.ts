import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// Issue 25, item 15: without SMTP the admin reads every email on the Outbox screen, as in a mail viewer.

test('the admin opens the Outbox, finds a new owner by part of the address and reads the verification email', async ({
  browser,
  baseURL,
}) => {
  const ownerContext = await browser.newContext({ baseURL });
  const { email } = await signUpNewOwner(await ownerContext.newPage(), {
    firstName: 'Vera',
    lastName: 'Inbox',
  });
  await ownerContext.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Outbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();

  // Only the local part, in capitals: the search matches any part of the address, in any case.
  await page.getByLabel('Search recipients').fill(email.split('@')[0]!.toUpperCase());
  const rows = page.getByRole('list', { name: 'Messages' }).getByTestId('outbox-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await rows.first().getByText('Verify your ShineRoute email').click();

  const dialog = page.getByRole('dialog', { name: 'Verify your ShineRoute email' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Stored in the outbox, not delivered')).toBeVisible();
  // A message opens on its words (the Text tab); the HTML part is a tab of its own.
  await expect(dialog.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'HTML' })).toBeVisible();
  await expect(dialog.getByTestId('outbox-text')).toContainText('Welcome to ShineRoute, Vera Inbox!');
  await expect(dialog.getByTestId('outbox-text')).toContainText(
    'Please confirm your email address by opening this link',
  );
  const link = dialog.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ });
  await expect(link).toHaveAttribute('target', '_blank');
  expect(new URL((await link.getAttribute('href'))!).origin).toBe(new URL(baseURL!).origin);

  await dialog.getByRole('tab', { name: 'Headers' }).click();
  await expect(dialog.getByText('Subject', { exact: true })).toBeVisible();
  await expect(dialog.locator('dd').filter({ hasText: email })).toBeVisible();
  await expect(dialog.locator('dd').filter({ hasText: 'no-reply@shineroute.local' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Nobody at that address in SMS.
  await page.getByLabel('Show').click();
  await page.getByRole('option', { name: 'SMS', exact: true }).click();
  await expect(page.getByText('No messages match')).toBeVisible();
  await context.close();
});

test('an owner is not shown the Outbox', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toHaveCount(0);
});

test('screenshots of the Outbox and an open message at 390 and 1280 px', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/outbox');
    await expect(page.getByTestId('outbox-row').first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'admin-outbox');
    await page.getByTestId('outbox-row').first().click();
    await expect(page.getByRole('dialog').getByTestId('outbox-text')).toBeVisible();
    await shot(page, 'admin-outbox-message', { viewportOnly: true });
    await page.keyboard.press('Escape');
  }
});
