import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newBookableBusiness } from './fixtures';
import { shot } from './screenshot';

// Multi-location (decision 1280): an Elite owner adds a second location serving 78702; a customer books through its
// own link /book/{business}/{location}; the owner filters the bookings by it. Screenshots at 390 and 1280 px.

const futureDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an Elite owner adds a location, a customer books it through its link, the owner filters by it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const business = await newBookableBusiness(owner, [{ name: 'Premium Detail', basePriceCents: 12_000 }], {
    plan: 'elite',
  });
  for (const zipCode of ['78701', '78702']) {
    const area = await owner.request.post('/api/service-areas', {
      data: { zipCode, city: 'Austin', state: 'Texas', stateCode: 'TX' },
    });
    expect(area.status(), await area.text()).toBe(201);
  }

  // The owner adds East Side, serving 78702.
  await owner.goto('/business-profile');
  await owner.getByRole('tab', { name: 'Locations' }).click();
  await expect(owner.getByText('Main location')).toBeVisible();
  await owner.getByRole('button', { name: 'Add Location' }).click();
  await owner.locator('#location-name').fill('East Side');
  await owner.locator('#location-address').fill('900 E 6th St, Austin, TX 78702');
  await owner.getByLabel('78702').check();
  await owner.getByRole('button', { name: 'Add Location' }).last().click();
  await expect(owner.getByText('Location added')).toBeVisible();
  const link = owner.getByRole('link', { name: new RegExp(`/book/${business.slug}/east-side$`) });
  await expect(link).toBeVisible();
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await owner.getByRole('tab', { name: 'Locations' }).scrollIntoViewIfNeeded();
    await shot(owner, 'locations-tab');
  }

  // A customer books through the location's link.
  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto(`/book/${business.slug}/east-side`);
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible();
  const lastName = `East${randomUUID().slice(0, 6)}`;
  await page.getByRole('radio', { name: /Premium Detail/ }).check();
  await page.getByLabel('Vehicle type').click();
  await page.getByRole('option', { name: 'Sedan' }).click();
  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Model').fill('3');
  await page.getByLabel('Date').fill(futureDate(9));
  await page.getByLabel('Time').click();
  await page.getByRole('option', { name: '11:00 AM' }).click();
  await page.getByLabel('Address').fill('12 E 6th St, Austin, TX 78702');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/test\/cs_test_/);
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await visitorContext.close();

  // The owner filters the bookings by the location.
  await owner.goto('/bookings?view=list');
  await owner.getByLabel('Search bookings').fill(lastName);
  const card = owner.getByTestId('booking-card');
  await expect(card).toHaveCount(1);
  await owner.getByLabel('Location').click();
  await owner.getByRole('option', { name: 'Main location' }).click();
  await expect(card).toHaveCount(0);
  await owner.getByLabel('Location').click();
  await owner.getByRole('option', { name: 'East Side' }).click();
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Sam ${lastName}`);
  await expect(owner).toHaveURL(/location=/);
  for (const width of [390, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await shot(owner, 'bookings-filter');
  }
  await ownerContext.close();
});
