import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

// Saved for people to look at (test-results/screenshots): inventory, business profile, service areas,
// verification and the admin review queue at phone and desktop widths. One sign-in per account for both widths
// (sign-ins are rate-limited per address).
const WIDTHS = [390, 1280];

test('owner operations screenshots at 390px and 1280px', async ({ browser }) => {
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  await signIn(await ownerContext.newPage(), DEMO_OWNER);
  await signIn(await adminContext.newPage(), DEMO_ADMIN);
  for (const width of WIDTHS) {
    const page = await ownerContext.newPage();
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { name: 'Low Stock Alert' })).toBeVisible();
    await shot(page, 'inventory');
    await page.getByRole('tab', { name: 'Usage per Job' }).click();
    await expect(page.getByRole('heading', { name: 'Premium Detail' })).toBeVisible();
    await shot(page, 'inventory-usage');
    await page.getByRole('tab', { name: 'Stock Movements' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await shot(page, 'inventory-movements');
    await page.getByRole('button', { name: 'Purchase Order', exact: true }).click();
    await expect(page.getByTestId('po-total')).toBeVisible();
    await shot(page, 'purchase-order', { viewportOnly: true });
    await page.keyboard.press('Escape');

    await page.goto('/business-profile');
    await expect(page.getByLabel('Business name')).toHaveValue('Lone Star Mobile Detailing');
    await shot(page, 'business-profile');
    await page.getByRole('tab', { name: 'Testimonials' }).click();
    await expect(page.getByTestId('testimonial').first()).toBeVisible();
    await shot(page, 'business-profile-testimonials');

    await page.goto('/seo/lone-star-mobile-detailing-auto-detailing');
    await expect(page.getByText('Serving Austin, TX')).toBeVisible();
    await shot(page, 'business-page');

    await page.goto('/service-areas');
    await expect(page.getByTestId('service-area').first()).toBeVisible();
    await shot(page, 'service-areas');

    await page.goto('/verification');
    await expect(page.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    if (width === WIDTHS[0]) {
      // A submission for the review queue below.
      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      await page
        .getByLabel('Government ID file')
        .setInputFiles({ name: 'maya-license.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expect(page.getByText('Document uploaded successfully')).toBeVisible();
    }
    await expect(page.getByText('Pending review', { exact: true })).toBeVisible();
    await shot(page, 'verification');

    const admin = await adminContext.newPage();
    await admin.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await admin.goto('/admin/verifications');
    await expect(admin.getByRole('heading', { name: 'Verification Review' })).toBeVisible();
    await admin.getByRole('tab', { name: 'All' }).click();
    await expect(admin.getByTestId('review').first()).toBeVisible();
    await shot(admin, 'admin-verifications');
  }
  await ownerContext.close();
  await adminContext.close();
});
