import { expect, test } from '@playwright/test';
import { signUpNewOwner } from './fixtures';

// Issue 13: /customers loads a page at a time (50) with "Load more", and searches on the server, so a
// customer on the second page is found without loading it.
const TOTAL = 56;

test('customers: a business with more than one page loads more, without repeats, and searches the server', async ({
  page,
}) => {
  await signUpNewOwner(page, { firstName: 'Paige', lastName: 'Pager' });
  for (let i = 1; i <= TOTAL; i++) {
    const n = String(i).padStart(2, '0');
    const res = await page.request.post('/api/customers', {
      data: { firstName: `Client${n}`, lastName: 'Paged', email: `client${n}@example.com` },
    });
    expect(res.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/customers');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  // Newest first: the last one added leads.
  await expect(rows.first()).toContainText('Client56 Paged');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(TOTAL);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  const names = await rows.locator('td:first-child').allInnerTexts();
  expect(new Set(names).size).toBe(TOTAL);
  expect(names.at(-1)).toBe('Client01 Paged');

  // The first customer is on the second page: the server's search finds it straight away.
  await page.reload();
  await expect(rows).toHaveCount(50);
  await page.getByLabel('Search customers').fill('client03@');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Client03 Paged');
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();

  // On a phone the cards page the same way.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Search customers').fill('');
  const cards = page.locator('ul.grid > li');
  await expect(cards).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(TOTAL);
});
