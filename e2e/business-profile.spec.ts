import { expect, test } from '@playwright/test';
import { signUpNewOwner } from './fixtures';

test('fill the profile, add and feature a testimonial, generate the business page and read it at its public URL', async ({
  page,
  context,
}) => {
  await signUpNewOwner(page, { firstName: 'Rosa', lastName: 'Diaz' });
  await page.goto('/business-profile');
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toBeVisible();

  // Generating before a business name exists is refused.
  await page.getByRole('button', { name: 'Generate Business Page' }).click();
  await expect(page.getByText('Please complete your business profile first')).toBeVisible();

  const name = `Mile High Shine ${Date.now().toString().slice(-5)}`;
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Tagline').fill('Mountain-fresh detailing at your door');
  await page.getByLabel('Address').fill('1600 Glenarm Pl, Denver, CO 80202');
  await page.getByLabel('Service radius (miles)').fill('20');
  await page.getByLabel('Phone').fill('(303) 555-0199');
  await page.getByRole('tab', { name: 'Business Details' }).click();
  await page.getByLabel('Years in business').fill('6');
  await page.getByLabel('Certifications').fill('IDA Certified Detailer\n\nCeramic Pro Installer');
  await page.getByRole('tab', { name: 'Services' }).click();
  await page.getByLabel('Specialties').fill('Paint correction\nCeramic coatings');
  await page.getByRole('button', { name: 'Save Profile' }).filter({ visible: true }).click();
  await expect(page.getByText('Business profile updated successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Testimonials' }).click();
  await expect(page.getByText('No testimonials yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  // The spec's toast, and the same message under each missing field (react-hook-form + the shared schema).
  await expect(
    page.locator('[data-sonner-toast]').getByText('Please fill in customer name and testimonial text'),
  ).toBeVisible();
  await expect(page.getByLabel('Customer name')).toHaveAccessibleDescription(
    'Please fill in customer name and testimonial text',
  );
  await expect(page.getByLabel('Testimonial text')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Customer name').fill('jamie lee');
  await page.getByLabel('Service type').fill('Premium Detail');
  await page.getByLabel('Testimonial text').fill('Our SUV has never looked this good.');
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(page.getByText('Testimonial added successfully')).toBeVisible();
  const card = page.getByTestId('testimonial').filter({ hasText: 'jamie lee' });
  await expect(card.getByText('J', { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(card.getByText(/Received/)).toBeVisible();
  await card.getByRole('button', { name: 'Feature' }).click();
  await expect(page.getByText('Testimonial featured')).toBeVisible();
  await expect(card.getByText('Featured', { exact: true })).toBeVisible();

  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Generate Business Page' }).click();
  await expect(page.getByText('Business Page Created!')).toBeVisible();
  await expect(page.getByText('Your business profile page has been generated')).toBeVisible();
  const publicPage = await popup;
  const slug = `${name.toLowerCase().replace(/ /g, '-')}-auto-detailing`;
  await publicPage.waitForURL(`**/seo/${slug}`);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(
    `${name} | Auto Detailing in Denver, CO`,
  );
  await expect(publicPage.getByText('Serving Denver, CO')).toBeVisible();
  await expect(publicPage.getByText('Our SUV has never looked this good.')).toBeVisible();
  await expect(publicPage.locator('article').getByText('Paint correction')).toBeVisible();
  await publicPage.close();

  // The page is public: a signed-out visitor reads it too.
  const anonymous = await context.browser()!.newContext();
  const visitor = await anonymous.newPage();
  const res = await visitor.goto(`/seo/${slug}`);
  expect(res?.status()).toBe(200);
  await expect(visitor.getByText('Serving Denver, CO')).toBeVisible();
  await anonymous.close();

  await expect(page.getByRole('link', { name: 'View Business Page' })).toHaveAttribute(
    'href',
    `/seo/${slug}`,
  );

  // Deleting answers 204 (decision 420): the toast shows and the list is empty again.
  await card.getByRole('button', { name: 'Delete testimonial from jamie lee' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Testimonial deleted')).toBeVisible();
  await expect(page.getByText('No testimonials yet')).toBeVisible();
});
