import { expect, test } from '@playwright/test';
import { signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

// The CRM booster pack's monthly life on /billing (decision 1156): bought, cancelled, and still active until the end
// of the month paid for; screenshots at 390 and 1280 px.

test('an owner buys the CRM booster pack, cancels it, and sees it active until the end of its month', async ({
  page,
}) => {
  await signUpNewOwner(page);
  await page.goto('/billing');
  const booster = page.getByRole('region', { name: 'CRM booster pack' });
  await booster.getByRole('button', { name: 'Add CRM booster pack' }).click();
  await expect(booster.getByTestId('booster-status')).toContainText(
    /^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  );
  const renews = (await booster.getByTestId('booster-status').textContent())!.replace('Renews on ', '');

  await booster.getByRole('button', { name: 'Cancel' }).click();
  await expect(booster.getByTestId('booster-status')).toHaveText(
    `Active until ${renews}; it will not renew.`,
  );
  await expect(booster.getByText('Cancelled')).toBeVisible();
  // Still working until then.
  await expect(booster.getByRole('link', { name: 'Export customers (CSV)' })).toBeVisible();
  await page.reload();
  await expect(booster.getByTestId('booster-status')).toHaveText(
    `Active until ${renews}; it will not renew.`,
  );

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await booster.scrollIntoViewIfNeeded();
    await shot(page, 'billing-booster');
  }
});
