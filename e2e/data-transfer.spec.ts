import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { expect, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// Data ownership (issue 30): an owner exports all data from the Data tab of Business Profile — a background job with
// progress, then a .zip whose CSVs hold the business's rows. Screenshots at 390 and 1280 px.

test('an owner exports all data and downloads one .zip with a CSV per kind of record', async ({ page }) => {
  await signUpNewOwner(page, { firstName: 'Dana', lastName: 'Export' });
  for (const [firstName, email] of [
    ['Ada', 'ada@example.com'],
    ['=SUM(A1)', 'formula@example.com'],
  ]) {
    const res = await page.request.post('/api/customers', {
      data: { firstName, lastName: 'Customer', email, phone: '', address: '', notes: '' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/business-profile');
  await page.getByRole('tab', { name: 'Data' }).click();
  await page.getByRole('button', { name: 'Export all data' }).click();
  const row = page.getByTestId('data-export').first();
  await expect(row).toContainText('Ready');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shineroute-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['customers.csv', 'bookings.csv', 'data.json']));
  const customers = Papa.parse<Record<string, string>>(strFromU8(zip['customers.csv']!), {
    header: true,
    skipEmptyLines: true,
  });
  expect(customers.errors).toEqual([]);
  expect(customers.data.map((c) => c.first_name).sort()).toEqual(["'=SUM(A1)", 'Ada']);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('tab', { name: 'Data' }).scrollIntoViewIfNeeded();
    await shot(page, 'data-tab');
  }
  // The close dialog asks for the business name before anything happens.
  await page.getByRole('button', { name: 'Close account' }).click();
  await expect(page.getByRole('dialog')).toContainText('Close your account?');
  await shot(page, 'close-dialog', { viewportOnly: true });
  await page.getByRole('button', { name: 'Keep my account' }).click();
});
