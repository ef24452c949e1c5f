import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for api.twilio.com's Messages API. `script(to)` gives the statuses to answer for a number, one per
 * request (then 201); every request is logged with its form and authorization.
 */
export async function startFakeTwilio(opts: { accountSid: string; authToken: string }) {
  const requests: Array<{
    path: string;
    authorization: string | undefined;
    /** Our X-Request-Id (decision 1291). */
    requestId: string | undefined;
    form: Record<string, string>;
    status: number;
  }> = [];
  const scripts = new Map<string, number[]>();
  let counter = 0;
  const expectedAuth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;

  const server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const reply = (status: number, body: unknown) => {
      requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        requestId: req.headers['x-request-id'] as string | undefined,
        form,
        status,
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expectedAuth)
      return reply(401, { code: 20003, message: 'Authenticate' });
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${opts.accountSid}/Messages.json`) {
      return reply(404, { message: 'Not found' });
    }
    const scripted = scripts.get(form.To ?? '')?.shift();
    if (scripted && scripted >= 300)
      return reply(scripted, { code: scripted, message: `Scripted ${scripted}` });
    reply(201, {
      sid: `SM${String(++counter).padStart(32, '0')}`,
      status: 'queued',
      to: form.To,
      body: form.Body,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers the next requests for `to` with these statuses, in order. */
    script: (to: string, statuses: number[]) => scripts.set(to, [...statuses]),
    delivered: () => requests.filter((r) => r.status === 201),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
