import { expect, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// Issue 28's Google Calendar two-way (decision 1252) on a server without GOOGLE_CLIENT_ID/_SECRET: the Calendar sync
// screen shows Google Calendar as not configured, offers no Connect button, and still fits a phone. The connected
// state is covered against a fake Google by src/server/features/calendar-sync/google-calendar.test.ts.

test('without Google credentials the Calendar sync screen shows Google Calendar as not configured', async ({
  page,
}) => {
  await signUpNewOwner(page, { firstName: 'Gail', lastName: 'Nocal' });
  await page.goto('/calendar-sync');
  const card = page.getByTestId('google-calendar');
  await expect(card.getByText('Google Calendar', { exact: true })).toBeVisible();
  await expect(card.getByTestId('google-not-configured')).toContainText(
    'Google Calendar is not configured on this server.',
  );
  await expect(card.getByRole('button', { name: 'Connect Google Calendar' })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(card).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'calendar-sync-google-off');
  }
});
