import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NodeAnswer } from './node-listener';
import { setAppSecurityHeaders } from './security-headers';

/**
 * An instance's life as a load balancer sees it (decision 1231): live while the process answers (/api/health), ready
 * while it may be sent new work (/api/ready) — not once SIGTERM started draining it, nor while its database does not
 * answer.
 */
export interface Lifecycle {
  draining: boolean;
  /** Answers not yet sent: they close their connection once draining starts. */
  inFlight: Set<ServerResponse>;
}

export const createLifecycle = (): Lifecycle => ({ draining: false, inFlight: new Set() });

const READY_TIMEOUT_MS = 2000;

function answer(res: ServerResponse, status: number, body: object) {
  const text = JSON.stringify(body);
  setAppSecurityHeaders(res);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** `GET /api/ready`: 200 when this instance takes new work, else 503 with the reason. */
export function readinessAnswer(lifecycle: Lifecycle, checkDatabase: () => Promise<unknown>): NodeAnswer {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if ((req.url ?? '').split('?')[0] !== '/api/ready') return false;
    if (lifecycle.draining) {
      answer(res, 503, { ready: false, reason: 'shutting down' });
      return true;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    Promise.race([checkDatabase(), timeout])
      .then(
        () =>
          answer(
            res,
            lifecycle.draining ? 503 : 200,
            lifecycle.draining ? { ready: false, reason: 'shutting down' } : { ready: true },
          ),
        () => answer(res, 503, { ready: false, reason: 'database unreachable' }),
      )
      .finally(() => clearTimeout(timer));
    return true;
  };
}

/**
 * Once draining, every answer closes its connection (those in flight when it started too), so keep-alive clients (the
 * load balancer) reconnect to another instance.
 */
export function closeConnectionsWhileDraining(
  lifecycle: Lifecycle,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    else {
      lifecycle.inFlight.add(res);
      res.once('close', () => lifecycle.inFlight.delete(res));
    }
    listener(req, res);
  };
}

/**
 * SIGTERM's drain: not ready any more, no new connections, in-flight requests finished (their connections closed as
 * they answer, idle ones at once), then `afterRequests` (jobs, database); all within `deadlineMs`, or `false`.
 */
export async function drain(
  lifecycle: Lifecycle,
  server: Server,
  afterRequests: (remainingMs: number) => Promise<void>,
  deadlineMs: number,
  /** How long to go on answering (not ready, closing each connection) before refusing new ones. */
  delayMs = 0,
): Promise<boolean> {
  lifecycle.draining = true;
  for (const res of lifecycle.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  const started = Date.now();
  // A balancer still sending here sees the failed readiness check within its check interval; until then its
  // requests are answered, and each answer closes its connection, so none is reused as it is closed below.
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, deadlineMs / 2)));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  const work = (async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await afterRequests(Math.max(1000, deadlineMs - (Date.now() - started)));
    return true as const;
  })();
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
