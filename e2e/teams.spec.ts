import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

test('an owner invites a technician who accepts in a second browser and sees their own jobs and none of the owner screens', async ({
  page,
  browser,
}) => {
  const email = `tech-${randomUUID().slice(0, 8)}@example.com`;
  await signIn(page, DEMO_OWNER);
  await page.goto('/business-profile');
  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByLabel('Technician email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Technician email').fill(email);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByTestId('team-invitation').filter({ hasText: email })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'team-tab');
  }

  // The link arrives by email (read here from the outbox as the admin).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  const res = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
  const { items: messages } = (await res.json()) as { items: Array<{ body: string }> };
  const link = messages[0]!.body.match(/https?:\/\/\S+\/join\/[A-Za-z0-9_-]+/)![0];
  await adminContext.close();

  const techContext = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const tech = await techContext.newPage();
  await tech.goto(new URL(link).pathname);
  await expect(tech.getByRole('heading', { name: 'Join Lone Star Mobile Detailing' })).toBeVisible();
  await tech.getByLabel('First name').fill('Theo');
  await tech.getByLabel('Last name').fill('Tech');
  await tech.getByLabel('Choose a password').fill('tech-password-123');
  await shot(tech, 'join');
  await tech.getByRole('button', { name: 'Create Account and Join' }).click();
  // A technician's app is the field app (issue 26): the dashboard sends them to its Today.
  await expect(tech).toHaveURL(/\/field$/);
  await expect(tech.getByRole('heading', { name: 'Today' })).toBeVisible();
  // Their jobs list is theirs too; the owner screens are not (decision 1160).
  await tech.goto('/bookings');
  await tech.getByRole('button', { name: 'Open menu' }).click();
  await expect(tech.getByRole('navigation', { name: 'Owner mobile' }).getByRole('link')).toHaveText([
    'Bookings',
    'Calendar sync',
    'Field app',
  ]);
  await tech.getByRole('button', { name: 'Close menu' }).click();
  // Owner screens are not theirs: the server refuses their requests and the app sends them back to their day.
  // The field app is a page of its own: the app hands over with a second navigation, so wait only for the first.
  await tech.goto('/services', { waitUntil: 'commit' });
  await expect(tech).toHaveURL(/\/field$/);
  await expect(tech.getByRole('heading', { name: 'Today' })).toBeVisible();
  await tech.goto('/payouts', { waitUntil: 'commit' });
  await expect(tech).toHaveURL(/\/field$/);
  await expect(tech.getByRole('heading', { name: 'Today' })).toBeVisible();
  // The link was single use.
  await tech.goto(new URL(link).pathname);
  await expect(tech.getByText('This invitation has already been used')).toBeVisible();
  await techContext.close();

  // The owner sees the new member and removes them.
  await page.reload();
  await page.getByRole('tab', { name: 'Team' }).click();
  const member = page.getByTestId('team-member').filter({ hasText: email });
  await expect(member).toBeVisible();
  await member.getByRole('button', { name: 'Remove Theo Tech' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member removed')).toBeVisible();
  await expect(member).toHaveCount(0);
});
