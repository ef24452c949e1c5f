import { expect, test } from '@playwright/test';
import { newBookableBusiness } from './fixtures';
import { shot } from './screenshot';

// Issue 32, repeat visits: a customer books a car wash every 2 weeks with the discount shown, saves a card on the test
// checkout and sees the series on the manage page; the owner skips one visit from the booking.

test('a customer books a wash every 2 weeks with the discount, sees the series; the owner skips one', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [{ name: 'Car Wash', basePriceCents: 5000 }]);
  const terms = await (await owner.request.get('/api/series/terms')).json();
  const wash = terms.items.find((t: { name: string }) => t.name === 'Car Wash');
  const made = await owner.request.put(`/api/series/terms/${wash.serviceId}`, {
    data: { repeatable: true, weeklyPercent: 15, biweeklyPercent: 10, fourWeeklyPercent: 5 },
  });
  expect(made.status(), await made.text()).toBe(200);

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await page.goto(`/book?business=${business.businessId}`);
  await page.getByRole('radio', { name: /Car Wash/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Date').fill(new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '10:00 AM', exact: true }).click();
  await page.getByLabel('Address').fill('40 Red River St, Austin, TX');
  await page.getByLabel('First name').fill('Rae');
  await page.getByLabel('Last name').fill('Repeat');
  await page.getByLabel('Email').fill(`rae-${business.businessId.slice(0, 6)}@example.com`);
  await page.getByText('Every 2 weeks').click();
  await expect(page.getByTestId('price-repeat')).toContainText('Every 2 weeks (10% off)');
  await expect(page.getByTestId('price-repeat')).toContainText('−$5.00');
  await expect(page.getByTestId('price-total')).toHaveText('$45.00');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('price-repeat').scrollIntoViewIfNeeded();
    await shot(page, 'repeat-visits-book', { viewportOnly: true });
  }
  await page.getByRole('button', { name: 'Book repeat visits' }).click();
  await page.waitForURL(/\/checkout\/test-setup\//);
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/manage\//);
  const visits = page.getByTestId('series-visits');
  await expect(visits).toContainText('Every 2 weeks · Car Wash');
  await expect(visits).toContainText('$45.00 a visit');
  await expect(visits.getByRole('listitem').first()).toContainText('Booked');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'repeat-visits-manage');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await visitor.close();

  // The owner skips the second visit (the booking dialog's Skip calls this route).
  const list = await (await owner.request.get('/api/series')).json();
  const series = await (await owner.request.get(`/api/series/${list.items[0].id}`)).json();
  const second = series.visits[1];
  const skipped = await owner.request.post(`/api/series/${series.id}/visits/${second.id}/skip`);
  expect(skipped.status(), await skipped.text()).toBe(200);
  const after = await (await owner.request.get(`/api/series/${series.id}`)).json();
  expect(after.visits[1].status).toBe('skipped');
  await ownerContext.close();
});
