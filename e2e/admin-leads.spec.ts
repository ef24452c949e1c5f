import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

test('the admin assigns a lead to a business serving its zip, and the business sees it in its bookings', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Leads/ }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

  // A lead in a zip no business serves yet cannot be assigned.
  await page.getByRole('button', { name: 'Assign lead from Avery Brooks' }).click();
  await expect(page.getByText('No business has an active service area covering 10001 yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'admin-leads');
  }
  await page.getByRole('button', { name: 'Assign lead from Riley Chen' }).click();
  await page.getByRole('combobox', { name: 'Business' }).click();
  await page.getByRole('option', { name: /Lone Star Mobile Detailing — Austin, TX/ }).click();
  await shot(page, 'admin-leads-assign', { viewportOnly: true });
  await page.getByRole('button', { name: 'Assign and charge $15.00' }).click();
  await expect(page.getByText('Assigned to Lone Star Mobile Detailing')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assign lead from Riley Chen' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Assigned' }).click();
  await expect(page.getByText('Lone Star Mobile Detailing · charged $15.00')).toBeVisible();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_OWNER);
  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill('Riley');
  await expect(owner.getByRole('button', { name: 'Details: Riley Chen, Premium Detail' })).toBeVisible();
  // The lead charge is on the business's ledger.
  await owner.goto('/payouts');
  await expect(owner.getByText('Lead: Premium Detail — Riley Chen').first()).toBeVisible();
  await ownerContext.close();
});

test('an owner assigns a booking to a technician and filters the bookings by technician', async ({
  page,
}) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/bookings?view=list');
  const first = page.getByRole('button', { name: /^Details: / }).first();
  const label = (await first.getAttribute('aria-label'))!;
  await first.click();
  await page.getByRole('combobox', { name: 'Assigned to' }).click();
  await page.getByRole('option', { name: 'Maya Alvarez' }).click();
  await expect(page.getByText('Assigned to Maya Alvarez').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: 'Technician' }).click();
  await page.getByRole('option', { name: 'Maya Alvarez' }).click();
  await expect(page).toHaveURL(/tech=/);
  await expect(page.getByRole('button', { name: label })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Details: / })).toHaveCount(1);
  await expect(page.getByTestId('booking-assignee')).toHaveText('Assigned to Maya Alvarez');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'bookings-technician-filter');
  }
  await page.getByRole('combobox', { name: 'Technician' }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await expect(page.getByRole('button', { name: /^Details: / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: label })).toHaveCount(0);
});
