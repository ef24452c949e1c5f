import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';

test('an owner generates 2 landing pages and opens one live', async ({ page, context }) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/marketing');
  await expect(page.getByRole('heading', { name: 'Marketing Tools', level: 1 })).toBeVisible();

  // The spec's validation toast comes first when the keyword is missing.
  await page.getByRole('button', { name: 'Generate Landing Pages' }).click();
  await expect(page.getByText('Please enter a keyword for your landing pages.').first()).toBeVisible();

  await page.getByLabel('Keyword').fill('Paint Correction');
  await page.getByRole('textbox', { name: 'City 1' }).fill('Austin');
  await page.getByRole('button', { name: 'Add City' }).click();
  await page.getByRole('textbox', { name: 'City 2' }).fill('Round Rock');
  await page.getByLabel('State').click();
  await page.getByRole('option', { name: 'Texas (TX)' }).click();
  await page.getByRole('button', { name: 'Generate Landing Pages' }).click();

  await expect(page.getByText('Landing Pages Created!')).toBeVisible();
  await expect(page.getByText('Successfully created 2 landing pages')).toBeVisible();
  const rows = page.getByTestId('landing-page-row').filter({ hasText: 'Paint Correction' });
  await expect(rows).toHaveCount(2);
  // Drafts turn complete once the job queue has written their content.
  await expect(rows.filter({ hasText: 'Complete' })).toHaveCount(2, { timeout: 20_000 });

  const austin = rows.filter({ hasText: 'Paint Correction in Austin, TX' });
  const [live] = await Promise.all([
    context.waitForEvent('page'),
    austin.getByRole('link', { name: 'View Live Page' }).click(),
  ]);
  await expect(live).toHaveURL(/\/seo\/paint-correction-austin-tx$/);
  await expect(live.getByRole('heading', { level: 1, name: 'Paint Correction in Austin, TX' })).toBeVisible();
  await expect(live.getByText('Serving Austin, TX')).toBeVisible();
  // The demo business's own services and its real reviews are on its page.
  await expect(live.getByText('Services and prices from Lone Star Mobile Detailing')).toBeVisible();
  await expect(live.getByText(/4\.7 from 3 reviews/)).toBeVisible();
  await expect(live.getByRole('main').getByRole('link', { name: 'Book Now' }).first()).toHaveAttribute(
    'href',
    /^\/book\/lone-star-mobile-detailing\?from=/,
  );
});

test('a city page fetched with JavaScript disabled shows its heading, content and JSON-LD', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto('/seo/mobile-car-detailing-austin-tx');
  expect(res?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mobile Car Detailing in Austin, TX' }),
  ).toBeVisible();
  await expect(page.getByText('Serving Austin, TX')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Why Choose/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((b) => JSON.parse(b)['@type']);
  expect(types).toEqual(['AutoWash', 'BreadcrumbList', 'FAQPage']);
  await expect(page).toHaveTitle('Mobile Car Detailing in Austin, TX | Lone Star Mobile Detailing');

  // An unknown slug is a real 404, served as the app's one 404 page (decision 1112; its text is drawn by the app, as
  // workday-edges.spec checks with JavaScript on).
  const missing = await page.goto('/seo/no-such-page-anywhere');
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()['content-type']).toContain('text/html');
  expect(await missing?.text()).toContain('<div id="root">');
  await context.close();
});
