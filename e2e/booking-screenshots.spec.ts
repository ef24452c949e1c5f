import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './fixtures';
import { shot } from './screenshot';

// Booking, bookings, customers and services at 390 px and 1280 px (test-results/screenshots), for people to look at.
for (const width of [390, 1280]) {
  test(`booking and owner screens at ${width}px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const options = await (await request.get('/api/booking/options?zip=78701')).json();

    await page.goto(`/book?business=${options.businesses[0].id}&zip=78701`);
    await page.getByRole('radio', { name: /Premium Detail/ }).check();
    await page.getByLabel('Vehicle type').click();
    await page.getByRole('option', { name: 'Truck' }).click();
    await expect(page.getByTestId('price-total')).toHaveText('$156.00');
    await shot(page, 'book');

    await page.goto('/book?zip=78701');
    await expect(page.getByRole('link', { name: /Choose/ }).first()).toBeVisible();
    await shot(page, 'book-choose');

    // The test checkout and the confirmation, for a booking made through the API.
    const date = new Date(Date.now() + (width < 500 ? 40 : 41) * 86_400_000).toISOString().slice(0, 10);
    const created = await request.post('/api/booking/create-payment', {
      data: {
        businessId: options.businesses[0].id,
        serviceId: (
          await (await request.get(`/api/booking/options?business=${options.businesses[0].id}`)).json()
        ).services[1].id,
        vehicleType: 'suv',
        date,
        time: '09:00',
        location: '500 Congress Ave, Austin, TX',
        firstName: 'Screen',
        lastName: 'Shot',
        email: `screenshot.${width}@example.com`,
        vehicleMake: 'Subaru',
        vehicleModel: 'Outback',
      },
    });
    expect(created.status()).toBe(200);
    await page.goto(new URL((await created.json()).url).pathname);
    await expect(page.getByTestId('checkout-amount')).toBeVisible();
    await shot(page, 'test-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
    await shot(page, 'booking-success');

    await page.goto('/booking-success');
    await expect(page.getByRole('heading', { name: 'Invalid Access' })).toBeVisible();
    await shot(page, 'booking-success-invalid');

    await signIn(page, DEMO_OWNER);
    await page.goto('/bookings?view=list');
    await expect(page.getByTestId('booking-card').first()).toBeVisible();
    await shot(page, 'bookings');
    await page.goto('/bookings?view=week');
    await expect(page.getByText('Mon,').first()).toBeVisible();
    await shot(page, 'bookings-week');

    await page.goto('/customers');
    await expect(page.getByRole('button', { name: 'View Jordan Reyes' }).first()).toBeVisible();
    await shot(page, 'customers');
    await page.getByRole('button', { name: 'View Jordan Reyes' }).first().click();
    await expect(page.getByText('Lifetime value')).toBeVisible();
    await shot(page, 'customer-detail', { viewportOnly: true });
    await page.keyboard.press('Escape');

    await page.goto('/services');
    await expect(page.getByTestId('service-card').first()).toBeVisible();
    await shot(page, 'services');
    await page.getByRole('button', { name: 'Edit Premium Detail' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, 'service-dialog', { viewportOnly: true });
  });
}
