import { type OutboxEntry, resultOfStatus, type SendResult, type Transport } from './outbox';

// A field server in memory with the contract's idempotency semantics (draft-ietf-httpapi-idempotency-key-header):
// a replay of a key answers the first answer and writes nothing, a key still being processed answers 409, a key
// reused with another body answers 422. Every write it applies is logged, so a test can count them.

type Answer = { status: number; body: unknown };
type Request = { key: string; jobId: string | null; kind: string; body: unknown };

export class FakeFieldServer {
  /** Every write applied, in the order the server applied it. */
  readonly applied: Array<{ key: string; jobId: string | null; kind: string; deviceTime: string }> = [];
  private readonly keys = new Map<string, { fingerprint: string; answer: Answer | null }>();

  async handle(request: Request): Promise<Answer> {
    const fingerprint = JSON.stringify([request.jobId, request.kind, request.body]);
    const known = this.keys.get(request.key);
    if (known) {
      if (known.fingerprint !== fingerprint)
        return { status: 422, body: { error: 'Idempotency-Key reused with a different request' } };
      if (!known.answer) return { status: 409, body: { error: 'still being processed' } };
      return known.answer;
    }
    this.keys.set(request.key, { fingerprint, answer: null });
    // The write takes a moment: a duplicate arriving meanwhile finds the key in flight.
    await Promise.resolve();
    await Promise.resolve();
    const deviceTime = (request.body as { deviceTime: string }).deviceTime;
    this.applied.push({ key: request.key, jobId: request.jobId, kind: request.kind, deviceTime });
    const answer = { status: 200, body: { applied: true, n: this.applied.length } };
    this.keys.set(request.key, { fingerprint, answer });
    return answer;
  }
}

/** What can go wrong with one attempt between the phone and the server. */
export const FAULTS = ['ok', 'lostRequest', 'lostAnswer', 'duplicate', 'serverError'] as const;
export type Fault = (typeof FAULTS)[number];

export const requestOf = (entry: OutboxEntry): Request => ({
  key: entry.key,
  jobId: entry.jobId,
  kind: entry.action.kind,
  body: entry.action.body,
});

/**
 * A page's connection to the fake server. Each attempt asks `nextFault` what goes wrong; `kill.at` ends the page
 * at that attempt (a reload or a crash mid-flush): the request may or may not reach the server, and the page never
 * hears back.
 */
export function fakeTransport(
  server: FakeFieldServer,
  nextFault: () => Fault,
  kill?: { at: number; delivered: boolean; onKilled: () => void },
): Transport & { attempts: () => number } {
  let attempt = 0;
  const send = async (entry: OutboxEntry): Promise<SendResult> => {
    const n = attempt++;
    if (kill && n === kill.at) {
      if (kill.delivered) void server.handle(requestOf(entry));
      kill.onKilled();
      return new Promise<never>(() => {});
    }
    const fault = nextFault();
    if (fault === 'lostRequest') throw new TypeError('Failed to fetch');
    if (fault === 'serverError') return resultOfStatus(503, null);
    if (fault === 'duplicate') {
      const [, second] = await Promise.all([
        server.handle(requestOf(entry)),
        server.handle(requestOf(entry)),
      ]);
      return resultOfStatus(second.status, second.body);
    }
    const answer = await server.handle(requestOf(entry));
    if (fault === 'lostAnswer') throw new TypeError('Failed to fetch');
    return resultOfStatus(answer.status, answer.body);
  };
  return Object.assign(send, { attempts: () => attempt });
}
