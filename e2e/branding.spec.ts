import { expect, test } from '@playwright/test';
import { newBookableBusiness } from './fixtures';
import { shot } from './screenshot';

// White-label (decision 1315) and a custom domain's record (decision 1316): an Elite owner sets a display name, a
// brand colour and a logo on the Branding tab; the booking page shows them and no "Powered by ShineRoute"; the owner
// names a domain and sees the CNAME to create and the check's reason. Screenshots at 390 and 1280 px.

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an Elite owner brands the booking page: name, colour and logo, no Powered by', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [{ name: 'Premium Detail', basePriceCents: 12_000 }], {
    plan: 'elite',
  });

  // Before: ShineRoute's credit under the business's booking form.
  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(`/book/${business.slug}`);
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible();
  await expect(page.getByTestId('powered-by')).toHaveText('Powered by ShineRoute');

  await owner.goto('/business-profile?tab=branding');
  await expect(owner.getByRole('tab', { name: 'Branding' })).toHaveAttribute('aria-selected', 'true');
  await owner.getByLabel('Display name').fill('Lone Star Shine');
  await owner.getByLabel('Brand colour', { exact: true }).fill('teal');
  await owner.getByRole('button', { name: 'Save Branding' }).click();
  await expect(owner.getByText('Please enter a colour as #RRGGBB')).toBeVisible();
  await owner.getByLabel('Brand colour', { exact: true }).fill('#0F766E');
  await owner.getByRole('button', { name: 'Save Branding' }).click();
  await expect(owner.getByText('Branding saved')).toBeVisible();
  await owner
    .getByTestId('brand-logo-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(owner.getByText('Logo uploaded')).toBeVisible();
  await expect(owner.getByRole('img', { name: 'Your logo' })).toBeVisible();

  // The business's own Privacy and Terms (decision 1358): an address that is not https is refused by name.
  const setup = owner.getByRole('region', { name: 'White-label setup' });
  await expect(setup).toContainText('Included in Elite');
  await owner.getByLabel('Privacy policy URL').fill('http://lonestar-shine.com/privacy');
  await owner.getByRole('button', { name: 'Save Branding' }).click();
  await expect(owner.getByText('Enter a full web address starting with https://')).toBeVisible();
  await owner.getByLabel('Privacy policy URL').fill('https://lonestar-shine.com/privacy');
  await owner.getByLabel('Terms URL').fill('https://lonestar-shine.com/terms');
  await owner.getByRole('button', { name: 'Save Branding' }).click();
  await expect(owner.getByText('Branding saved').last()).toBeVisible();

  // The custom domain: the record to create, and the check's reason while it is missing.
  await owner.getByLabel('Domain').fill('book.lonestar-shine.com');
  await owner.getByRole('button', { name: 'Connect Domain' }).click();
  await expect(owner.getByTestId('cname-target')).toHaveText('localhost');
  await owner.getByRole('button', { name: 'Check DNS' }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'No CNAME record pointing to localhost' }),
  ).toBeVisible();
  await expect(owner.getByTestId('domain-last-check')).toContainText('Last checked');
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await shot(owner.getByTestId('domain-last-check'), 'domain-last-check');
    await shot(owner, 'branding-tab');
  }

  // After: the name as the heading, no Powered by; the business's header carries the logo and colour, so the form's
  // own band is left out (it would repeat the header right under it), also once the form is live.
  await page.goto(`/book/${business.slug}`);
  await expect(page.getByRole('heading', { name: 'Lone Star Shine' })).toBeVisible();
  await expect(page.getByLabel('Year')).toBeEnabled();
  await expect(page.getByTestId('brand-band')).toHaveCount(0);
  await expect(page.getByText('Powered by ShineRoute')).toHaveCount(0);
  // The site's header and footer are the business's (decision 1340): its logo and name on its colour, © its name,
  // nothing of ShineRoute — no logo, Sign In, pricing or "ShineRoute" anywhere; its logo is the tab's icon.
  const header = page.getByTestId('brand-header');
  await expect(header).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(header.getByRole('link', { name: 'Lone Star Shine' })).toHaveAttribute(
    'href',
    `/book/${business.slug}`,
  );
  await expect(header.locator('img')).toHaveJSProperty('naturalWidth', 1);
  await expect(page.getByTestId('brand-footer')).toContainText(
    `© ${new Date().getFullYear()} Lone Star Shine`,
  );
  await expect(page.getByRole('link', { name: 'ShineRoute home' })).toHaveCount(0);
  const footer = page.getByTestId('brand-footer');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
    'href',
    'https://lonestar-shine.com/privacy',
  );
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute(
    'href',
    'https://lonestar-shine.com/terms',
  );
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('ShineRoute');
  await expect(page).toHaveTitle(/^Book Lone Star Shine/);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    'href',
    /^\/api\/public\/branding\/.+\/logo\?v=/,
  );
  const icon = await page.request.get((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '');
  expect(icon.headers()['content-type']).toBe('image/png');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'book-branded');
  }
  await visitorContext.close();

  // The one-time setup bought on Billing (decision 1357) shows as in progress where white-label is set up.
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto('/billing');
  await owner
    .getByRole('region', { name: 'White-label setup' })
    .getByRole('button', { name: 'Buy White-label setup' })
    .click();
  await expect(owner.getByTestId('white-label-status')).toContainText('In progress');
  await owner.goto('/business-profile?tab=branding');
  await expect(setup).toContainText('Setup in progress');
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await shot(owner, 'branding-setup');
  }
  await ownerContext.close();
});
