import { expect, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// Data in (issue 30): an owner imports a customers CSV exported from Square; the preview suggests the columns and
// names the one bad row's problem; the good rows are imported and the report says what was done. Screenshots at 390
// and 1280 px.

const SQUARE_CSV = [
  'Reference ID,First Name,Surname,Email Address,Phone Number,Street Address 1,City,State,Postal Code',
  '1,Ada,Lovelace,ada@example.com,(512) 555-0101,1 Main St,Austin,TX,78701',
  '2,Grace,Hopper,grace@example.com,(512) 555-0102,2 Oak Ave,Austin,TX,78702',
  '3,Bad,Row,not-an-email,,,,,',
].join('\r\n');

test('an owner imports a customers CSV with one bad row reported', async ({ page }) => {
  await signUpNewOwner(page, { firstName: 'Ivy', lastName: 'Import' });
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'square-customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SQUARE_CSV),
  });
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toContainText('3 rows: 2 ready to import');
  await expect(dialog.getByTestId('import-problem')).toHaveText('Row 4 (Bad Row): Bad email');
  // The columns were recognised from Square's headers.
  await expect(dialog.getByRole('combobox', { name: 'Last name' })).toHaveText('Surname');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'import-preview', { viewportOnly: true });
  }

  await dialog.getByRole('button', { name: 'Import 2 customers' }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('2 new customers added');
  await expect(report).toContainText('1 row not imported because of a problem');
  await expect(dialog.getByTestId('import-problem')).toHaveText('Row 4 (Bad Row): Bad email');
  await shot(page, 'import-report', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table').getByText('ada@example.com')).toBeVisible();
  await expect(page.getByRole('table').getByText('grace@example.com')).toBeVisible();
  await expect(page.getByText('not-an-email')).toHaveCount(0);
});
