import { expect, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// Data in (issue 30, decision 1287): an owner imports a services CSV; the preview suggests the columns and names the
// one bad row's problem; the good rows are imported with their vehicle prices and the report says what was done.
// Screenshots at 390 and 1280 px.

const SERVICES_CSV = [
  'Service Name,Description,Price,Duration,SUV Price',
  'Full Detail,"Inside and out, by hand",$180.00,240,$216.00',
  'Express Wash,Exterior hand wash,45,45,',
  'Ceramic Coating,Two-year coating,lots,300,',
].join('\r\n');

test('an owner imports a services CSV with one bad row reported', async ({ page }) => {
  await signUpNewOwner(page, { firstName: 'Sam', lastName: 'Services' });
  await page.goto('/services');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Import services' })).toBeVisible();
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'services.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SERVICES_CSV),
  });
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toContainText('3 rows: 2 ready to import');
  await expect(dialog.getByTestId('import-problem')).toHaveText(
    'Row 4 (Ceramic Coating): Price is not an amount in dollars',
  );
  await expect(dialog.getByRole('combobox', { name: 'SUV price' })).toHaveText('SUV Price');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'service-import-preview', { viewportOnly: true });
  }

  await dialog.getByRole('button', { name: 'Import 2 services' }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('2 new services added');
  await expect(report).toContainText('1 row not imported because of a problem');
  await shot(page, 'service-import-report', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Full Detail')).toBeVisible();
  await expect(page.getByText('Express Wash')).toBeVisible();
  await expect(page.getByText('Ceramic Coating')).toHaveCount(0);
});
