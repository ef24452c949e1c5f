import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

// The owner's /analytics (docs/decisions/1191) on the demo business (Elite, three months of jobs): read only.

for (const width of [390, 1280]) {
  test(`the demo owner opens Analytics, switches the range, reads by service, by technician and the repeat rate, exports CSV (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO_OWNER);
    await page.goto('/dashboard');
    // Linked in the owner's navigation.
    if (width >= 1024) await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
    else await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Repeat rate').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'By service' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'By technician' })).toBeVisible();
    const services = page.getByRole('table', { name: 'Revenue by service' });
    await expect(services.getByRole('row').nth(1)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Revenue by technician' }).getByRole('row').nth(1),
    ).toBeVisible();
    // The charts are drawn (recharts, loaded with the page only).
    await expect(page.getByRole('figure', { name: 'Revenue by service' })).toBeVisible();
    await page.getByRole('button', { name: 'By month' }).click();
    await expect(page.getByRole('table', { name: 'Revenue by month' })).toBeVisible();

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export services as CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^services-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text).toContain(
      'Service,Completed bookings,Revenue (USD),Materials (USD),Labour hours,Labour (USD),Profit (USD)',
    );
    expect(text.trim().split('\r\n').length).toBeGreaterThan(1);
    await shot(page, 'analytics');
  });
}

test('a Starter owner sees the basic view and the upgrade card', async ({ page }) => {
  const { signUpNewOwner } = await import('./fixtures');
  await signUpNewOwner(page);
  await page.goto('/analytics');
  await expect(page.getByText('No bookings in this period')).toBeVisible();
  await expect(page.getByText('Advanced analytics is part of the Pro plan')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'By service' })).toHaveCount(0);
});

// A business with two locations narrows /analytics to one (decision 1311); a business with one sees no picker.
test('an owner with two locations narrows Analytics and its CSV to one location', async ({ page }) => {
  const { signUpNewOwner } = await import('./fixtures');
  await signUpNewOwner(page, { plan: 'elite' });
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveCount(0);

  const added = await page.request.post('/api/locations', {
    data: {
      name: 'East Side',
      address: '900 E 6th St, Austin, TX 78702',
      timeZone: 'America/Chicago',
      weeklyHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '18:00' })),
      zips: [],
      technicianIds: [],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const east = (await added.json()) as { id: string };
  await page.reload();
  const picker = page.getByRole('combobox', { name: 'Location' });
  await expect(picker).toBeVisible();
  const asked = page.waitForRequest((r) => r.url().includes(`/api/analytics?`) && r.url().includes(east.id));
  await picker.click();
  await page.getByRole('option', { name: 'East Side' }).click();
  await asked;
  await expect(page).toHaveURL(new RegExp(`location=${east.id}`));
  await expect(page.getByText('Quotes, ratings and memberships are the whole business')).toBeVisible();
  const csvLink = page.getByRole('link', { name: 'Export customers as CSV' });
  await expect(csvLink).toHaveAttribute('href', new RegExp(`locationId=${east.id}`));
  const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(readFileSync((await csv.path())!, 'utf8')).toContain('Customers served,0,0');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'analytics-location');
  }
});
