import { expect, test } from '@playwright/test';
import { setPlan, signUpNewOwner } from './fixtures';

test('add an item, take its stock below the alert, see it in the low-stock panel and the purchase order', async ({
  page,
}) => {
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await expect(page.getByText('No inventory items yet')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Add Item' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  // §9 defaults: stock 0, alert 5.
  await expect(dialog.getByLabel('Current stock')).toHaveValue('0');
  await expect(dialog.getByLabel('Minimum stock alert')).toHaveValue('5');
  await dialog.getByLabel('Name').fill('Ceramic Spray');
  await dialog.getByLabel('Current stock').fill('4');
  await dialog.getByLabel('Minimum stock alert').fill('2');
  await dialog.getByLabel('Unit cost ($, optional)').fill('19.50');
  await dialog.getByLabel('Supplier (optional)').fill('Chemical Guys');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('Item added successfully')).toBeVisible();

  const row = page.getByTestId('inventory-item').filter({ hasText: 'Ceramic Spray' });
  await expect(row.getByText('In Stock')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Low Stock Alert' })).toHaveCount(0);

  const minus = row.getByRole('button', { name: 'Decrease stock of Ceramic Spray' });
  await minus.click();
  await expect(row.getByTestId('stock-count')).toHaveText('3');
  await minus.click();
  await expect(row.getByTestId('stock-count')).toHaveText('2');
  await expect(page.getByText('Stock updated').first()).toBeVisible();
  await expect(row.getByText('Low Stock')).toBeVisible();

  const panel = page.getByRole('region', { name: 'Low Stock Alert' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Ceramic Spray')).toBeVisible();
  await expect(panel.getByText('2 left · alert at 2')).toBeVisible();

  // Down to 0: out of stock, and the minus button stops there.
  await minus.click();
  await minus.click();
  await expect(row.getByTestId('stock-count')).toHaveText('0');
  await expect(row.getByText('Out of Stock')).toBeVisible();
  await expect(minus).toBeDisabled();

  // The movement log records the manual changes.
  await page.getByRole('tab', { name: 'Stock Movements' }).click();
  await expect(page.getByRole('cell', { name: '-1' }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Items' }).click();

  // Purchase order: back to twice the alert (4), $19.50 each, with a CSV download.
  await page.getByRole('button', { name: 'Purchase Order', exact: true }).click();
  const po = page.getByRole('dialog', { name: 'Purchase Order Suggestions' });
  await expect(po.getByRole('region', { name: 'Chemical Guys' })).toBeVisible();
  await expect(po.getByTestId('po-line')).toContainText(['Ceramic Spray']);
  await expect(po.getByTestId('po-total')).toHaveText('Estimated total: $78.00');
  const download = page.waitForEvent('download');
  await po.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^purchase-order-\d{4}-\d{2}-\d{2}\.csv$/);
  await po.getByRole('button', { name: 'Close' }).first().click();

  // Search, then delete with the spec's confirmation.
  await page.getByLabel('Search inventory').fill('nothing-like-this');
  await expect(page.getByText('No items match')).toBeVisible();
  await page.getByLabel('Search inventory').fill('ceramic');
  await row.getByRole('button', { name: 'Delete Ceramic Spray' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this item?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted successfully')).toBeVisible();
  // The search runs on the server: it still finds nothing; cleared, the list is empty.
  await expect(page.getByText('No items match')).toBeVisible();
  await page.getByLabel('Search inventory').fill('');
  await expect(page.getByText('No inventory items yet')).toBeVisible();
});
