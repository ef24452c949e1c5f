import { expect, test } from '@playwright/test';

test.describe('zip checker', () => {
  test('keeps Check disabled until exactly 5 digits and strips letters', async ({ page }) => {
    await page.goto('/');
    const zip = page.getByLabel('Check availability in your area');
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await expect(check).toBeDisabled();
    await zip.fill('78a7');
    await expect(zip).toHaveValue('787');
    await expect(check).toBeDisabled();
    await zip.fill('787012345');
    await expect(zip).toHaveValue('78701');
    await expect(check).toBeEnabled();
  });

  test('a served zip goes to /book?zip=78701', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Check availability in your area').fill('78701');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page).toHaveURL(/\/book\?zip=78701$/);
  });

  test('an unserved zip offers the waitlist, joins, and resets', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Check availability in your area').fill('10001');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const join = page.getByRole('button', { name: 'Join Waitlist' });
    await expect(join).toBeDisabled();
    await page.getByLabel('Email address').fill('new.waiter@example.com');
    await join.click();
    await expect(page.getByText("You're on the list!")).toBeVisible();
    await expect(page.getByText("You've been added to our waitlist.", { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Check Another Zip Code' }).click();
    await expect(page.getByLabel('Check availability in your area')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Join Waitlist' })).toHaveCount(0);
  });

  test('header anchors reach the features and pricing sections', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.getByRole('heading', { name: 'Simple pricing that grows with you' })).toBeInViewport();
    await expect(page.getByText('Most Popular')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page.getByRole('heading', { name: 'Everything a mobile detailer needs' })).toBeInViewport();
  });
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  const response = await page.goto('/definitely-not-a-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
