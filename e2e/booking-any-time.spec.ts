import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newBookableBusiness, setPlan } from './fixtures';
import { shot } from './screenshot';

// "Any time today" on the owner's booking form (decision 1350): a Pro owner books a phone-in job the customer does not
// mind the time of, sees it kept in Edit and turns it off; on Starter the form does not offer it.

const futureDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a Pro owner books a job “any time today” on New booking, and turns it off in Edit', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await newBookableBusiness(page, [{ name: 'Full Detail', basePriceCents: 15_000 }], { plan: 'pro' });
  const area = await page.request.post('/api/service-areas', {
    data: { zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'TX' },
  });
  expect(area.status(), await area.text()).toBe(201);
  const lastName = `Anytime${randomUUID().slice(0, 6)}`;

  await page.goto('/bookings');
  await page.getByRole('button', { name: 'New Booking' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await dialog.getByLabel('Phone').fill('(512) 555-0199');
  await dialog.getByLabel('Make').fill('Subaru');
  await dialog.getByLabel('Model').fill('Outback');
  await dialog.getByRole('combobox', { name: 'Service', exact: true }).click();
  await page.getByRole('option', { name: 'Full Detail' }).click();
  await dialog.getByLabel('Date').fill(futureDate(15));
  await dialog.getByRole('combobox', { name: 'Time', exact: true }).click();
  await page.locator('[role="option"]:not([data-disabled])').first().click();
  await dialog.getByLabel('Service address').fill('500 Congress Ave, Austin, TX 78701');
  const anyTime = dialog.getByRole('checkbox', { name: 'Any time today' });
  await expect(anyTime).not.toBeChecked();
  await anyTime.click();
  await expect(anyTime).toBeChecked();
  await shot(page, 'new-booking-any-time', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Booking created')).toBeVisible();

  const list = await (await page.request.get(`/api/bookings?q=${lastName}`)).json();
  expect(list.items).toHaveLength(1);
  const id: string = list.items[0].id;
  expect((await (await page.request.get(`/api/bookings/${id}`)).json()).arrivalAnyTime).toBe(true);

  // Edit shows it as saved; the owner turns it off.
  const details = page.getByRole('dialog', { name: new RegExp(lastName) });
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Booking' });
  const editBox = edit.getByRole('checkbox', { name: 'Any time today' });
  await expect(editBox).toBeChecked();
  await editBox.click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await (await page.request.get(`/api/bookings/${id}`)).json()).arrivalAnyTime)
    .toBe(false);

  // Starter: route optimisation is not in the plan, so the form does not offer it.
  await setPlan(page, 'starter');
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'New Booking' }).first().click();
  const starter = page.getByRole('dialog', { name: 'New Booking' });
  await expect(starter.getByLabel('Service address')).toBeVisible();
  await expect(starter.getByRole('checkbox', { name: 'Any time today' })).toHaveCount(0);
});
