import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { bodyLimitOf } from './body-limits';
import { SecureServerResponse, setAppSecurityHeaders } from './security-headers';

/** A Host the adapter (@hono/node-server) takes as it is; any other goes through the app, which checks it. */
export const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** A GET or HEAD answered on the HTTP server itself, ahead of the app: true when it answered. */
export type NodeAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * What the HTTP server runs for each request (main.ts): /api/health (decision 924) and the features' own answers
 * (app.ts nodeAnswers: /seo/{slug}, docs/decisions/0309, and the zip check, decision 923) are answered on the server
 * itself when they can be; everything else goes to the Hono app.
 */
export function nodeListener(
  answers: NodeAnswer[],
  fetch: (request: Request, env: object) => Response | Promise<Response>,
  hostname?: string,
) {
  const app = getRequestListener(fetch, { hostname });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return readBody(req, res, () => void app(req, res));
    if (!health(req, res) && !answers.some((answer) => answer(req, res))) void app(req, res);
  };
}

/** How much more of a refused body is read and dropped so the connection can carry the next request. */
const DRAIN_AT_MOST = 16 * 1024 * 1024;

/**
 * Reads a request's whole body on the HTTP server, up to its limit (body-limits.ts), before the app sees it (the
 * adapter takes it as `rawBody`). Past the limit the answer is a 413 at once, and the rest of the body is still read
 * and dropped, so a keep-alive connection carries the next request: the app's own limit stopped reading mid-body,
 * and the adapter then closed the connection under the client's next request (half of them failed). A body that says
 * it is over 16 MB past the limit is answered with `Connection: close` instead, and the connection ends once that much
 * was dropped.
 */
function readBody(req: IncomingMessage, res: ServerResponse, then: () => void) {
  const { maxBytes, message } = bodyLimitOf((req.url ?? '/').split('?')[0]!);
  const declared = Number(req.headers['content-length']);
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  const refuse = () => {
    refused = true;
    chunks.length = 0;
    tooLarge(res, message, declared > maxBytes + DRAIN_AT_MOST);
  };
  if (declared > maxBytes) refuse();
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (!refused && size > maxBytes) refuse();
    if (refused) {
      if (size > maxBytes + DRAIN_AT_MOST) req.socket.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (refused) return;
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks, size);
    then();
  });
  // A client that went away mid-body gets no answer; Node closes its socket.
  req.on('error', () => {});
}

function tooLarge(res: ServerResponse, message: string, close: boolean) {
  const body = JSON.stringify({ error: { message } });
  setAppSecurityHeaders(res);
  res.writeHead(413, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    ...(close && { Connection: 'close' }),
  });
  res.end(body);
}

const HEALTH_BODY = JSON.stringify({ ok: true });
const HEALTH_HEADERS = {
  'Content-Type': 'application/json',
  'Content-Length': Buffer.byteLength(HEALTH_BODY),
};

/**
 * `GET /api/health` — exactly that, with a Host the adapter takes as it is — answered on the HTTP server (decision
 * 924): a load balancer's probe says the process answers HTTP, so it does not walk the fetch adapter, the router
 * and the middleware chain. The answer is the app's route's (app.ts): the same body, Content-Type and security
 * headers; the app's middleware does nothing else for it (no body, no NUL in that URL, no origin check, address or
 * write for a GET of it). Anything else (HEAD, a query, another Host) goes to the app, which answers as before.
 */
function health(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url !== '/api/health' || req.method !== 'GET') return false;
  const { host } = req.headers;
  if (!host || !PLAIN_HOST.test(host)) return false;
  setAppSecurityHeaders(res);
  res.writeHead(200, HEALTH_HEADERS);
  res.end(HEALTH_BODY);
  return true;
}

/**
 * The app's HTTP server: Node's server whose responses write the app's security headers in one flat list with each
 * answer's own (security-headers.ts, SecureServerResponse; decision 924).
 */
export function createAppServer(listener: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer({ ServerResponse: SecureServerResponse }, listener);
  // Node closes an idle kept-alive socket after 5 s; a client (a load balancer, a browser, a test's request context)
  // that sends on it at that moment gets ECONNRESET. Idle sockets live longer here than behind any common proxy's
  // 60 s idle limit, so the client always closes first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

const KEEP_ALIVE_MS = 65_000;
