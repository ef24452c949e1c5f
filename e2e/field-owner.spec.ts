import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays, todayInZone, zonedTimeToUtc } from '../src/shared/time';
import { weekStartOf } from '../src/shared/timesheets';
import { joinTeam } from './field';
import { expect, test } from './fixtures';
import { shot } from './screenshot';

// The owner's side of the field (issue 26): a technician's hours on Timesheets, corrected and exported for payroll.
// Each journey works in a business of its own; the technician's actions go through the field API as the app sends them.

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const ZONE = 'America/Chicago';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `field-owner-${name}`);
  }
}

test('the owner sees a technician’s hours on Timesheets, corrects a shift and downloads the payroll CSV', async ({
  page,
  browser,
  newOwner,
  outbox,
}) => {
  await newOwner({ plan: 'pro', firstName: 'Olive', lastName: 'Owner' });
  // The technician signs up in a browser of their own and accepts the owner's invitation.
  const techContext = await browser.newContext();
  const tech = await joinTeam(page, techContext, outbox);

  // Last Monday of the business's calendar: 8:00 to 16:30 on the technician's phone, with its offset.
  const lastMonday = addDays(weekStartOf(todayInZone(ZONE)), -7);
  const at = (time: string) => zonedTimeToUtc(lastMonday, time, ZONE).toISOString();
  const headers = (key: string) => ({ 'Idempotency-Key': key });
  const clockIn = await techContext.request.post('/api/field/shift/clock-in', {
    data: { deviceTime: at('08:00') },
    headers: headers(crypto.randomUUID()),
  });
  expect(clockIn.status(), await clockIn.text()).toBe(201);
  const clockOut = await techContext.request.post('/api/field/shift/clock-out', {
    data: { deviceTime: at('16:30') },
    headers: headers(crypto.randomUUID()),
  });
  expect(clockOut.status()).toBe(200);
  await techContext.close();

  await page.goto('/timesheets');
  await expect(page.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  const week = page.getByTestId('technician-week').filter({ hasText: 'Theo Tech' });
  await expect(week.getByTestId('week-shift')).toHaveText('8 h 30 min');
  await expect(week.getByTestId(`day-${lastMonday}`).getByTestId('day-shift')).toHaveText('Shift 8 h 30 min');
  await shoot(page, 'timesheets');

  // The owner corrects the end: the technician left at 17:00; the reason is required.
  await page.setViewportSize({ width: 1280, height: 900 });
  await week.getByRole('button', { name: /^Edit shift/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit time entry' });
  await dialog.getByLabel('End time').fill('17:00');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Say why the entry is changed')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Stayed to finish a ceramic coat');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'field-owner-edit-entry', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Time entry updated')).toBeVisible();
  await expect(week.getByTestId('week-shift')).toHaveText('9 h 00 min');
  await expect(week.getByText('Edited')).toBeVisible();

  // The payroll CSV: the corrected day in decimal hours.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `shineroute-timesheets-${lastMonday}-to-${addDays(lastMonday, 6)}.csv`,
  );
  const csv = await (await page.request.get(`/api/timesheets/export.csv?from=${lastMonday}`)).text();
  expect(csv).toContain(`Theo Tech,${tech.email},${lastMonday},9.00,0.00,1`);
});
