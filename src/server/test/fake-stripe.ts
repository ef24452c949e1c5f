import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete';
  payment_intent: string | null;
  mode: 'payment';
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for api.stripe.com: Checkout Session create and retrieve, and refunds, with the request log.
 * Tests point the real `stripe` SDK at it (STRIPE_API_BASE / the adapter's apiBase) — no network, real HTTP.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripeRequest[] = [];
  const refunds: Array<{ id: string; payment_intent: string }> = [];
  let counter = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_fake_${++counter}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total:
          Number(form['line_items[0][price_data][unit_amount]']) *
          Number(form['line_items[0][quantity]'] ?? 1),
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: { checkout_id: form['metadata[checkout_id]'] ?? '' },
        success_url: form.success_url!.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: form.cancel_url ?? '',
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: null,
        mode: 'payment',
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const match = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      return send(200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const refund = { id: `re_${++counter}`, payment_intent: form.payment_intent! };
      refunds.push(refund);
      return send(200, { ...refund, object: 'refund', status: 'succeeded' });
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    sessions,
    /** What Stripe does when the customer pays on its page. */
    markPaid(id: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no fake session ${id}`);
      Object.assign(s, { payment_status: 'paid', status: 'complete', payment_intent: `pi_fake_${id}` });
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
