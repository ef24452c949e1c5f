import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signUpNewOwner, test } from './fixtures';
import { shot } from './screenshot';

// An Elite owner creates an API key (shown once, then only its prefix) and uses it; adds a webhook endpoint — a local
// receiver started here (the e2e server runs with OUTBOUND_ALLOW_PRIVATE) — and sends a test event, which arrives
// signed and shows as delivered in the log. Screenshots at 390 and 1280 px.

test('an Elite owner creates an API key and a webhook endpoint, and sends a test event', async ({
  page,
}, info) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

  try {
    await signUpNewOwner(page, { plan: 'elite' });
    await page.goto('/business-profile');
    await page.getByRole('tab', { name: 'API' }).click();

    // The key: shown once.
    await page.getByLabel('Key name').fill('Zapier');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const shown = page.getByLabel('New API key');
    await expect(shown).toHaveValue(/^sr_live_[a-z0-9]{8}_/);
    const key = await shown.inputValue();
    const prefix = key.split('_').slice(0, 3).join('_');
    await expect(page.getByTestId('api-key')).toContainText(prefix);

    // The key works on the public API (and the page's own cookie does not).
    const withKey = await page.request.get('/api/v1/customers', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.status()).toBe(200);
    expect(withKey.headers().ratelimit).toMatch(/^"per-key";r=\d+;t=\d+$/);
    expect((await page.request.get('/api/v1/customers')).status()).toBe(401);

    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('New API key')).toHaveCount(0);
    await page.reload();
    await page.getByRole('tab', { name: 'API' }).click();
    await expect(page.getByTestId('api-key')).toContainText('Zapier');
    expect(await page.content()).not.toContain(key);

    // A webhook endpoint and a test event.
    await page.getByLabel('Endpoint address').fill(receiverUrl);
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint).toContainText(receiverUrl);
    await endpoint.getByRole('button', { name: 'Send Test Event' }).click();
    await expect.poll(() => received.length).toBe(1);
    expect(JSON.parse(received[0]!.body).type).toBe('webhook.test');
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    const delivery = endpoint.getByTestId('webhook-delivery');
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('tab', { name: 'API' }).scrollIntoViewIfNeeded();
      await shot(page, 'api-tab');
    }
    void info;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
