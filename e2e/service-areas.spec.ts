import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, signUpNewOwner } from './fixtures';

const ZIP = '80202';
const WAITERS = ['ava.launch@example.com', 'ben.launch@example.com', 'cy.launch@example.com'];

test('add an area from Waitlist Insights, activate it and see the launch email in the outbox', async ({
  page,
  browser,
}) => {
  for (const email of WAITERS) {
    const res = await page.request.post('/api/public/waitlist', { data: { email, zip_code: ZIP } });
    expect(res.status()).toBe(201);
  }
  await signUpNewOwner(page);
  await page.goto('/service-areas');
  await expect(page.getByRole('heading', { name: 'Service Areas', level: 1 })).toBeVisible();
  await expect(page.getByText('No service areas yet')).toBeVisible();

  const insights = page.getByTestId('waitlist-insights');
  const row = insights.getByRole('listitem').filter({ hasText: ZIP });
  await expect(row.getByText('3 waiting')).toBeVisible();
  await expect(row.getByText('Denver, CO')).toBeVisible();

  // Add is disabled until zip, city and state are filled; the zip autofills city and state.
  const add = page.getByRole('button', { name: 'Add Area', exact: true });
  await expect(add).toBeDisabled();
  await row.getByRole('button', { name: `Add area ${ZIP}` }).click();
  await expect(page.getByLabel('Zip code')).toHaveValue(ZIP);
  await expect(page.getByLabel('City')).toHaveValue('Denver');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Colorado');
  await expect(page.getByLabel('State code')).toHaveValue('CO');
  await page.getByLabel('Launch date (optional)').fill('2031-04-15');
  await add.click();
  await expect(page.getByText('Service area added successfully')).toBeVisible();

  const area = page.getByTestId('service-area').filter({ hasText: ZIP });
  await expect(area.getByTestId('waiting-badge')).toHaveText('3 waiting');
  await expect(area.getByText('Launch Apr 15, 2031')).toBeVisible();
  await expect(area.getByText('Inactive')).toBeVisible();

  await area.getByRole('switch').click();
  await expect(page.getByText('Service area activated')).toBeVisible();
  await expect(page.getByText('Launch emails are on their way to 3 people on the waitlist.')).toBeVisible();
  await expect(area.getByText('Active', { exact: true })).toBeVisible();
  // Served now: the zip leaves Waitlist Insights.
  await expect(insights.getByText(ZIP)).toHaveCount(0);

  // The job queue sends one launch email per waiter; an admin reads it in the outbox.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  for (const email of WAITERS) {
    await expect
      .poll(
        async () => {
          const res = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
          const { items: messages } = (await res.json()) as { items: Array<{ subject: string }> };
          return messages.map((m) => m.subject);
        },
        { timeout: 20_000 },
      )
      .toEqual([`ShineRoute now serves Denver, CO (${ZIP})`]);
  }
  await adminContext.close();

  // Everyone is notified: the waiting badge is gone.
  await page.reload();
  await expect(area.getByText('Active', { exact: true })).toBeVisible();
  await expect(area.getByTestId('waiting-badge')).toHaveCount(0);

  // Toggle off and on: nobody is emailed twice.
  await area.getByRole('switch').click();
  await expect(page.getByText('Service area deactivated')).toBeVisible();
  await area.getByRole('switch').click();
  await expect(page.getByText('Service area activated').last()).toBeVisible();

  // Remove with confirmation.
  await area.getByRole('button', { name: `Remove Denver ${ZIP}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Service area removed successfully')).toBeVisible();
  await expect(page.getByTestId('service-area')).toHaveCount(0);
});
