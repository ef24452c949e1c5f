import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { settle } from './axe';
import { expect, signUpNewOwner, test } from './fixtures';
import { expectNoSidewaysOverflow } from './overflow';
import { shot } from './screenshot';

// The shared "remove this row?" dialog (components/ui/remove-dialog) where an Elite owner removes a webhook endpoint,
// another calendar, a Google Calendar connection and a service area: each names what goes, opens with Cancel focused,
// fits a 390 px phone (a long endpoint address included) and removes the row when confirmed. Screenshots of each at
// 390 and 1280 px in test-results/screenshots/remove-*.

type Expected = { title: string; description: string | RegExp; confirm: string };

/** Opens the dialog at both widths and checks it, then confirms it at the last. */
async function checkDialog(page: Page, name: string, open: () => Promise<void>, expected: Expected) {
  const dialog = page.getByRole('alertdialog');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open();
    await expect(dialog.getByRole('heading', { name: expected.title })).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(expected.description);
    // A removal is not what Enter does by accident: the safe answer holds the focus.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: expected.confirm, exact: true })).toBeVisible();
    // The last removal's toast moves to the new width: it is measured where it comes to rest.
    await settle(page);
    await expectNoSidewaysOverflow(page, `${name} dialog`);
    await shot(page, `remove-${name}`, { viewportOnly: true });
    if (width === 390) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  await dialog.getByRole('button', { name: expected.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an Elite owner removes a webhook endpoint, another calendar, a Google Calendar and a service area', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n';
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const owner = await signUpNewOwner(page, { plan: 'elite', firstName: 'Rey', lastName: 'Moval' });
    // One long word: the address a receiver of a real integration tends to have.
    const hookUrl = `http://${host}/webhooks/shineroute/receiver-for-the-detailing-business/${randomUUID()}`;
    const hook = await page.request.post('/api/webhooks', {
      data: { url: hookUrl, events: ['booking.created'] },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const calendar = await page.request.post('/api/calendar-sync/calendars', {
      data: { url: `http://${host}/private/basic.ics` },
    });
    expect(calendar.status(), await calendar.text()).toBe(201);
    const area = await page.request.post('/api/service-areas', {
      data: { zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'TX' },
    });
    expect(area.status(), await area.text()).toBe(201);

    await page.goto('/business-profile');
    await page.getByRole('tab', { name: 'API' }).click();
    await checkDialog(
      page,
      'webhook',
      () => page.getByRole('button', { name: `Remove ${hookUrl}` }).click(),
      {
        title: 'Remove this endpoint?',
        description: `${hookUrl} receives no more events, and its delivery log is deleted.`,
        confirm: 'Remove',
      },
    );
    await expect(page.getByText('Webhook endpoint removed')).toBeVisible();
    await expect(page.getByTestId('webhook-endpoint')).toHaveCount(0);

    // This server has no Google credentials, so nobody can connect: the screen is shown a connection of the owner's
    // (its reads and the disconnect answered here). The server's side is covered against a fake Google by
    // src/server/features/calendar-sync/google-calendar.test.ts.
    let connected = true;
    const connection = {
      id: randomUUID(),
      userId: owner.userId,
      personName: 'Rey Moval',
      accountEmail: 'rey.moval.detailing@example.com',
      lastSyncedAt: new Date().toISOString(),
      lastError: null,
      channelExpiresAt: null,
      busyCount: 3,
      createdAt: new Date().toISOString(),
    };
    await page.route('**/api/calendar-sync/google', (route) =>
      route.fulfill({
        json: {
          configured: true,
          viewerId: owner.userId,
          connections: { items: connected ? [connection] : [], nextCursor: null },
        },
      }),
    );
    await page.route(`**/api/calendar-sync/google/${connection.id}`, (route) => {
      connected = false;
      return route.fulfill({ status: 204 });
    });
    await page.goto('/calendar-sync');
    await checkDialog(
      page,
      'other-calendar',
      () => page.getByRole('button', { name: `Remove Rey Moval's calendar at ${host}` }).click(),
      {
        title: `Remove Rey Moval's calendar at ${host}?`,
        description: 'Its busy times stop blocking bookings. You can connect it again with its address.',
        confirm: 'Remove',
      },
    );
    await expect(page.getByText('Calendar removed.')).toBeVisible();
    await expect(page.getByTestId('external-calendar')).toHaveCount(0);

    await checkDialog(
      page,
      'google',
      () => page.getByRole('button', { name: 'Disconnect your Google Calendar' }).click(),
      {
        title: 'Disconnect your Google Calendar?',
        description:
          'Its busy times stop blocking bookings and new jobs are no longer written to it. Jobs already written stay there.',
        confirm: 'Disconnect',
      },
    );
    await expect(page.getByText('Google Calendar disconnected.')).toBeVisible();
    await expect(page.getByTestId('google-connection')).toHaveCount(0);

    await page.goto('/service-areas');
    await checkDialog(
      page,
      'service-area',
      () => page.getByRole('button', { name: 'Remove Austin 78701' }).click(),
      {
        title: 'Are you sure you want to remove this service area?',
        description: 'Austin 78701 will no longer be offered to customers.',
        confirm: 'Remove',
      },
    );
    await expect(page.getByText('Service area removed successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Austin 78701' })).toHaveCount(0);
  } finally {
    server.close();
  }
});
