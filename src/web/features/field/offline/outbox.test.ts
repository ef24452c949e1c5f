import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAULTS, FakeFieldServer, type Fault, fakeTransport } from './fake-field-server.fixtures';
import { dexieOutboxStore, FieldDb } from './field-db';
import { createOutbox, type OutboxAction, resultOfStatus } from './outbox';

// The outbox against a fake server with the contract's idempotency semantics (issue 26): whatever the network and
// the page do — requests lost, answers lost, duplicates delivered, server errors, reloads in the middle of a flush —
// once the phone is back online every action taken reaches the server exactly once, in order per job.

const JOBS = ['job-a', 'job-b', 'job-c'] as const;
const KINDS = ['on_my_way', 'check_in', 'note', 'checklist', 'material', 'photo', 'complete'] as const;

type Act = { job: (typeof JOBS)[number]; kind: (typeof KINDS)[number] };
type Op =
  | { t: 'act'; act: Act }
  | { t: 'flush' }
  | { t: 'flushWhileActing'; acts: Act[] }
  | { t: 'reloadMidFlush'; at: number; delivered: boolean }
  | { t: 'reload' };

const act = fc.record({ job: fc.constantFrom(...JOBS), kind: fc.constantFrom(...KINDS) });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: act.map((a) => ({ t: 'act' as const, act: a })) },
  { weight: 2, arbitrary: fc.constant({ t: 'flush' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .array(act, { minLength: 1, maxLength: 4 })
      .map((acts) => ({ t: 'flushWhileActing' as const, acts })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ at: fc.nat(4), delivered: fc.boolean() })
      .map((r) => ({ t: 'reloadMidFlush' as const, ...r })),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'reload' as const }) },
);
const fault = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Fault>('ok') },
  { weight: 1, arbitrary: fc.constantFrom(...FAULTS) },
);

/** The action a tap makes; its deviceTime is unique, so the server's log says which action each write was. */
function actionOf({ job, kind }: Act, n: number): OutboxAction {
  const deviceTime = new Date(Date.UTC(2026, 10, 26, 9, 0, n)).toISOString();
  switch (kind) {
    case 'on_my_way':
      return { kind, jobId: job, body: { deviceTime, etaMinutes: 15 } };
    case 'check_in':
      return { kind, jobId: job, body: { deviceTime, lat: 30.27, lng: -97.74, accuracyM: 12 } };
    case 'note':
      return { kind, jobId: job, body: { deviceTime, text: `note ${n}` } };
    case 'checklist':
      return { kind, jobId: job, itemId: 'item-1', body: { deviceTime, done: n % 2 === 0 } };
    case 'material':
      return { kind, jobId: job, body: { deviceTime, itemId: 'wax', quantity: 1 } };
    case 'photo':
      return {
        kind,
        jobId: job,
        photoId: `photo-${n}`,
        body: { deviceTime, kind: 'before', width: 2048, height: 1536 },
      };
    case 'complete':
      return {
        kind,
        jobId: job,
        body: { deviceTime, signature: { pngBase64: 'iVBORw0KGgo=', signerName: 'Ana' } },
      };
  }
}

let dbCount = 0;

async function runScenario(ops: Op[], faults: Fault[]) {
  const dbName = `outbox-property-${dbCount++}`;
  const server = new FakeFieldServer();
  const taken: OutboxAction[] = [];
  let faultIndex = 0;
  const nextFault = () => faults[faultIndex++] ?? 'ok';

  const opened: FieldDb[] = [];
  const openPage = (kill?: { at: number; delivered: boolean; onKilled: () => void }) => {
    const db = new FieldDb(dbName, { indexedDB, IDBKeyRange });
    opened.push(db);
    return {
      db,
      outbox: createOutbox({
        store: dexieOutboxStore(db),
        transport: fakeTransport(server, nextFault, kill),
      }),
    };
  };
  let page = openPage();
  const take = async (a: Act) => {
    const action = actionOf(a, taken.length);
    taken.push(action);
    await page.outbox.enqueue(action);
  };

  for (const o of ops) {
    if (o.t === 'act') await take(o.act);
    else if (o.t === 'flush') await page.outbox.flush();
    else if (o.t === 'flushWhileActing') {
      const flushing = page.outbox.flush();
      for (const a of o.acts) await take(a);
      await flushing;
    } else if (o.t === 'reloadMidFlush') {
      // A page whose connection dies at its o.at-th attempt: the page is gone, its flush never finishes.
      let killed!: () => void;
      const died = new Promise<void>((resolve) => {
        killed = resolve;
      });
      page = openPage({ at: o.at, delivered: o.delivered, onKilled: killed });
      const flushing = page.outbox.flush();
      await Promise.race([flushing, died]);
      page = openPage();
    } else page = openPage();
  }

  // Back online for good: the app flushes on start, on `online` and on the button until nothing is pending.
  for (let i = 0; i < 20 && (await page.outbox.pendingCount()) > 0; i++) {
    await page.outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const left = await page.outbox.entries();
  for (const db of opened) db.close();
  await page.db.delete();
  return { server, taken, left };
}

describe('the outbox against a fake idempotent server', () => {
  it('delivers every action exactly once, in order per job, whatever the network and reloads do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 25 }),
        fc.array(fault, { maxLength: 40 }),
        async (ops, faults) => {
          const { server, taken, left } = await runScenario(ops, faults);
          expect(left).toEqual([]);
          // Exactly once: as many writes as actions, each action's write once.
          const written = server.applied.map((w) => w.deviceTime);
          expect(new Set(written).size).toBe(written.length);
          expect(written.sort()).toEqual(taken.map((a) => a.body.deviceTime).sort());
          // In order per job.
          for (const job of JOBS) {
            expect(server.applied.filter((w) => w.jobId === job).map((w) => w.deviceTime)).toEqual(
              taken.filter((a) => a.jobId === job).map((a) => a.body.deviceTime),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('sends an action again with the key it was given when it was taken', async () => {
    const server = new FakeFieldServer();
    const db = new FieldDb('outbox-same-key', { indexedDB, IDBKeyRange });
    const keys: string[] = [];
    const faults: Fault[] = ['lostAnswer', 'ok'];
    const transport = fakeTransport(server, () => faults.shift() ?? 'ok');
    const outbox = createOutbox({
      store: dexieOutboxStore(db),
      transport: (entry) => {
        keys.push(entry.key);
        return transport(entry);
      },
      newKey: () => 'key-1',
    });
    await outbox.enqueue(actionOf({ job: 'job-a', kind: 'note' }, 0));
    expect(await outbox.flush()).toEqual({ sent: 0, interrupted: true });
    expect(await outbox.pendingCount()).toBe(1);
    expect(await outbox.flush()).toEqual({ sent: 1, interrupted: false });
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(server.applied).toHaveLength(1);
    await db.delete();
  });

  it('keeps a refused action, shown as not saved, and sends the ones after it', async () => {
    const db = new FieldDb('outbox-refused', { indexedDB, IDBKeyRange });
    const sent: string[] = [];
    const outbox = createOutbox({
      store: dexieOutboxStore(db),
      transport: async (entry) => {
        if (entry.action.kind === 'note') return resultOfStatus(422, { error: { message: 'Write a note' } });
        sent.push(entry.action.kind);
        return resultOfStatus(200, { applied: true });
      },
    });
    await outbox.enqueue(actionOf({ job: 'job-a', kind: 'note' }, 0));
    await outbox.enqueue(actionOf({ job: 'job-a', kind: 'check_in' }, 1));
    expect(await outbox.flush()).toEqual({ sent: 1, interrupted: false });
    expect(sent).toEqual(['check_in']);
    expect(await outbox.pendingCount()).toBe(0);
    const [kept] = await outbox.entries();
    expect(kept?.failed).toEqual({ status: 422, message: 'Write a note' });
    await db.delete();
  });
});

describe('resultOfStatus', () => {
  it('retries what may succeed later and refuses what cannot', () => {
    expect(resultOfStatus(200, { applied: false })).toEqual({ outcome: 'sent', body: { applied: false } });
    for (const status of [401, 409, 429, 500, 503])
      expect(resultOfStatus(status, null).outcome).toBe('retry');
    expect(resultOfStatus(422, { error: 'Idempotency-Key reused with a different request' })).toEqual({
      outcome: 'refused',
      status: 422,
      message: 'Idempotency-Key reused with a different request',
    });
    expect(resultOfStatus(404, { error: { message: 'Job not found' } })).toMatchObject({
      message: 'Job not found',
    });
  });
});
