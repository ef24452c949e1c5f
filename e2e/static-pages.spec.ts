import { expect, test } from '@playwright/test';

// Each page with the content the spec (§2) says it carries.
const PAGES: Array<[string, string[]]> = [
  ['/demo', ['5-minute walkthrough', 'Start Free Trial', 'Schedule Live Demo', 'Back to Home']],
  ['/about', ['Our mission', 'Customer First', 'Simplicity', 'Excellence', 'Our story']],
  ['/contact', ['Get in touch', 'Mon-Fri 9am-6pm CST', 'Austin']],
  ['/privacy', ['Privacy Policy']],
  ['/terms', ['Terms of Service', '30 days']],
  ['/for-detailers', ['$75+', '20-40%']],
  ['/patent-diagrams', ['Patent diagrams']],
];

for (const [path, texts] of PAGES) {
  test(`${path} renders its content with the site header and footer`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    for (const text of texts)
      await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'ShineRoute home' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

test('legal pages say when they were last updated', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText(/Last updated:? January 2024/)).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByText(/Last updated:? January 2024/)).toBeVisible();
});

test('the patent diagram is an accessible SVG', async ({ page }) => {
  await page.goto('/patent-diagrams');
  await expect(page.locator('svg[role="img"]').first()).toBeVisible();
});

test('the contact form validates, sends, and resets', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Hale');
  await page.getByLabel('Email').fill('robin.hale@example.com');
  await page.getByLabel('Subject').fill('Fleet pricing');
  await page.getByLabel('Message').fill('Do you offer fleet pricing for 12 vans?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('');
});
