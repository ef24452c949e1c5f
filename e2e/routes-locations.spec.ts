import { FIELD_ZONE } from './field';
import { expect, test } from './fixtures';
import { routesDay } from './routes-setup';
import { shot } from './screenshot';

// The location filter on Routes (decision 1280): in an Elite business of its own with a North location (Theo works
// there) and the main one (Nina), the owner picks North; only Theo and North's jobs show; Optimize plans those alone.

test('the owner picks a location on Routes: only its technician and jobs show, and Optimize plans that location', async ({
  browser,
  page,
  outbox,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  const { theo, nina, today, job } = await routesDay(page, outbox, {
    plan: 'elite',
    theo: { context: (await browser.newContext()).request, lastName: 'North' },
    nina: { context: (await browser.newContext()).request, lastName: 'Main' },
  });
  const north = ['78664', '78681'];
  for (const zipCode of [...north, '78745', '78748']) {
    const area = await page.request.post('/api/service-areas', {
      data: { zipCode, city: 'Austin', state: 'Texas', stateCode: 'TX' },
    });
    expect(area.status(), await area.text()).toBe(201);
  }
  const location = await page.request.post('/api/locations', {
    data: {
      name: 'North',
      address: '1 Main St, Austin, TX 78664',
      timeZone: FIELD_ZONE,
      weeklyHours: Array.from({ length: 7 }, () => ({ open: '07:00', close: '20:00' })),
      zips: north,
      technicianIds: [theo.userId],
    },
  });
  expect(location.status(), await location.text()).toBe(201);
  const northId = ((await location.json()) as { id: string }).id;
  // Theo's North day is booked in an order that crosses back and forth; Nina's jobs are the main location's.
  const northJobs = [
    await job('Alder', '09:00', '78664', theo.userId, northId),
    await job('Cedar', '11:00', '78681', theo.userId, northId),
    await job('Aspen', '13:00', '78664', theo.userId, northId),
  ];
  await job('Birch', '10:00', '78745', nina.userId);
  await job('Dogwood', '15:00', '78748', nina.userId);

  await page.goto(`/routes?date=${today}`);
  const theoCard = page.locator('[data-testid="route-technician"][data-technician="Theo North"]');
  const ninaCard = page.locator('[data-testid="route-technician"][data-technician="Nina Main"]');
  await expect(theoCard).toHaveCount(1);
  await expect(ninaCard).toHaveCount(1);
  await expect(page.getByTestId('routes-totals')).toContainText('5 jobs');

  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'North' }).click();
  await expect(page).toHaveURL(new RegExp(`location=${northId}`));
  await expect(page.getByTestId('routes-totals')).toContainText('3 jobs');
  await expect(ninaCard).toHaveCount(0);
  await expect(theoCard.getByTestId('route-stop-customer')).toHaveText(['Cy Alder', 'Cy Cedar', 'Cy Aspen']);
  await expect(page.getByText('Cy Birch')).toHaveCount(0);
  await expect(page.getByText('Cy Dogwood')).toHaveCount(0);
  await shot(page, 'routes-location');

  const optimized = page.waitForResponse((r) => r.url().includes('/api/routes/optimize') && r.ok());
  await page.getByRole('button', { name: 'Optimize' }).click();
  const response = await optimized;
  expect(response.request().postDataJSON()).toMatchObject({ date: today, locationId: northId });
  const plan = (await response.json()) as { technicians: { stops: { bookingId: string }[] }[] };
  expect(plan.technicians.flatMap((t) => t.stops.map((s) => s.bookingId)).sort()).toEqual(
    [...northJobs].sort(),
  );
  await expect(page.getByTestId('route-plan')).toBeVisible();
  await expect(ninaCard).toHaveCount(0);
});
