import { expect, newBookableBusiness, test } from './fixtures';
import { shot } from './screenshot';

// Issue 32: the owner makes a maintenance plan and shares its invitation link; a customer joins for two cars and pays
// in test mode; the owner sees the member and the monthly recurring revenue. Screenshots at 390 and 1280 px.

const shots = async (page: import('@playwright/test').Page, name: string) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
};

test('an owner creates a plan, a customer joins it from the invitation link, the owner sees the member and MRR', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await newBookableBusiness(page, [{ name: 'Exterior Wash', basePriceCents: 4000 }]);
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(page.getByText('No plans yet')).toBeVisible();
  await page.getByRole('button', { name: 'New Plan' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Plan name').fill('Monthly Maintenance');
  await dialog.getByLabel('What it includes (optional)').fill('Wash, decontamination and sealant');
  await dialog.getByLabel('Monthly price per vehicle ($)').fill('79');
  await dialog.getByLabel('Discount on other services (%)').fill('15');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Plan created successfully')).toBeVisible();
  const card = page.getByTestId('plan-card');
  await expect(card).toContainText('$79.00/month per vehicle');
  await expect(card).toContainText('1 included visit per month');
  await expect(page.getByTestId('plans-mrr')).toHaveText('$0.00');

  // The invitation link (as the owner copies it).
  const plans = (await (await page.request.get('/api/memberships/plans')).json()) as {
    items: { id: string }[];
  };
  const { url } = (await (
    await page.request.get(`/api/memberships/plans/${plans.items[0]!.id}/invite-link`)
  ).json()) as { url: string };
  expect(url).toMatch(/\/membership-plans\/invite\/[A-Za-z0-9_-]{44}$/);

  const customer = await (await browser.newContext({ baseURL })).newPage();
  await customer.goto(new URL(url).pathname);
  await expect(customer.getByRole('heading', { name: 'Maintenance plans' })).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Join Monthly Maintenance' })).toBeVisible();
  await customer.getByLabel('Full name').fill('Morgan Member');
  await customer.getByLabel('Email').fill(`morgan-${Date.now()}@example.com`);
  await customer.getByLabel('Mobile phone (optional, for payment texts)').fill('(512) 555-0177');
  await customer.getByLabel('Vehicles').fill('2');
  await expect(customer.getByTestId('join-total')).toHaveText('$158.00 a month for 2 vehicles');
  await shots(customer, 'membership-join');
  await customer.getByRole('button', { name: 'Continue to payment' }).click();
  await customer.waitForURL(/\/membership\/[A-Za-z0-9_-]{44}$/);
  await expect(customer.getByText('Test mode')).toBeVisible();
  await customer.getByRole('button', { name: 'Pay $158.00 and start' }).click();
  await expect(customer.getByTestId('member-status')).toHaveText('Active');
  await expect(customer.getByTestId('member-credits')).toHaveText('2');
  await shots(customer, 'membership-member');

  await page.reload();
  await expect(page.getByTestId('plans-mrr')).toHaveText('$158.00');
  await expect(page.getByTestId('plans-active')).toHaveText('1');
  await expect(page.getByTestId('plan-members')).toHaveText('1');
  const row = page.getByTestId('member-row');
  await expect(row).toContainText('Morgan Member');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('2 vehicles · $158.00/month');
  await expect(row).toContainText('2 visits left');
  await expect(row).toContainText('Next charge');
  await shots(page, 'plans-owner');

  // The member holds the plan for a month from their page.
  await customer.getByRole('button', { name: 'Hold plan' }).click();
  await expect(customer.getByTestId('member-status')).toHaveText('On hold');
  await page.reload();
  await expect(page.getByTestId('member-row')).toContainText('On hold');
  await expect(page.getByTestId('plans-mrr')).toHaveText('$0.00');
});
