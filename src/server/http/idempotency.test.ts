import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { FIELD_TEXT } from '../../shared/field';
import { idempotencyKeys } from '../db/schema';
import { createTestContext } from '../test/harness';
import type { AppEnv } from './context';
import { handleError } from './error-handler';
import { conflict } from './errors';
import { IDEMPOTENCY_LEASE_MS, requireIdempotencyKey } from './idempotency';

// The Idempotency-Key semantics of every field write (decision 1170), on a route that counts its writes.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Ida', lastName: 'Owner' });
const other = await t.signUp({ firstName: 'Otto', lastName: 'Other' });

let writes = 0;
let gate: Promise<void> = Promise.resolve();
let failNext: 'conflict' | 'crash' | null = null;

const app = new Hono<AppEnv>();
app.onError(handleError);
app.use('*', async (c, next) => {
  const who = c.req.header('x-user') === 'other' ? other : owner;
  c.set('deps', t.deps);
  c.set('user', { id: who.userId, email: who.email, name: '', firstName: '', lastName: '' });
  c.set('businessId', who.userId);
  c.set('memberRole', 'owner');
  await next();
});
app.use('*', requireIdempotencyKey);
app.get('/read', (c) => c.json({ ok: true }));
app.post('/write', async (c) => {
  await gate;
  if (failNext === 'conflict') {
    failNext = null;
    throw conflict('Not now');
  }
  if (failNext === 'crash') {
    failNext = null;
    throw new Error('boom');
  }
  writes++;
  return c.json({ write: writes, at: crypto.randomUUID() }, 201);
});
app.post('/upload', async (c) => {
  writes++;
  const form = await c.req.formData();
  return c.json({ kind: form.get('kind'), write: writes }, 201);
});

async function send(
  key: string | null,
  body: unknown = { a: 1, b: [1, 2] },
  user = 'owner',
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-user': user };
  if (key !== null) headers['idempotency-key'] = key;
  return await app.request('/write', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Ten requests at once while the first to claim the key is held inside its write. */
async function tenAtOnce(key: string) {
  let release!: () => void;
  gate = new Promise<void>((r) => {
    release = r;
  });
  let settled = 0;
  const all = Array.from({ length: 10 }, () =>
    send(key).then(async (res) => {
      if (++settled === 9) release();
      return { status: res.status, body: await res.json() };
    }),
  );
  const results = await Promise.all(all);
  gate = Promise.resolve();
  return results;
}

describe('Idempotency-Key', () => {
  it('is required on writes (1–255 characters), not on reads', async () => {
    expect((await app.request('/read')).status).toBe(200);
    const missing = await send(null);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe(FIELD_TEXT.keyMissing);
    expect((await send('')).status).toBe(400);
    expect((await send('k'.repeat(256))).status).toBe(400);
    expect(writes).toBe(0);
  });

  it('a replay answers the first answer and writes nothing', async () => {
    const key = crypto.randomUUID();
    const first = await send(key);
    expect(first.status).toBe(201);
    const body = await first.json();
    const before = writes;
    for (let i = 0; i < 3; i++) {
      const again = await send(key, { b: [1, 2], a: 1 }); // the same JSON, keys in another order
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(body);
    }
    expect(writes).toBe(before);
  });

  it('the same key with another request is 422, and writes nothing', async () => {
    const key = crypto.randomUUID();
    await send(key);
    const before = writes;
    const res = await send(key, { a: 2 });
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toBe(FIELD_TEXT.keyReused);
    expect(writes).toBe(before);
  });

  it('ten concurrent requests with one key write once: the others get 409 while it runs, then its answer', async () => {
    const key = crypto.randomUUID();
    const before = writes;
    const results = await tenAtOnce(key);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(writes).toBe(before + 1);
    const winner = results.find((r) => r.status === 201)!.body;
    const replays = await Promise.all(Array.from({ length: 10 }, () => send(key)));
    for (const r of replays) expect([r.status, await r.json()]).toEqual([201, winner]);
    expect(writes).toBe(before + 1);
  });

  it('keys are per user: another user with the same key writes their own', async () => {
    const key = crypto.randomUUID();
    const before = writes;
    expect((await send(key)).status).toBe(201);
    expect((await send(key, undefined, 'other')).status).toBe(201);
    expect(writes).toBe(before + 2);
  });

  it('a conflict or a crash of the write releases the key for a retry', async () => {
    for (const failure of ['conflict', 'crash'] as const) {
      const key = crypto.randomUUID();
      failNext = failure;
      const before = writes;
      const res = failure === 'crash' ? await silenced(() => send(key)) : await send(key);
      expect(res.status).toBe(failure === 'conflict' ? 409 : 500);
      expect(writes).toBe(before);
      expect((await send(key)).status).toBe(201);
      expect(writes).toBe(before + 1);
    }
  });

  it('a claim left without an answer past its lease (a process that died) is taken over', async () => {
    const key = crypto.randomUUID();
    const fingerprintOwner = await send(key); // a first answer exists: make it look unanswered and old
    expect(fingerprintOwner.status).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now() - make_interval(secs => ${IDEMPOTENCY_LEASE_MS / 1000 + 5})`,
      })
      .where(eq(idempotencyKeys.key, key));
    const before = writes;
    expect((await send(key)).status).toBe(201);
    expect(writes).toBe(before + 1);
  });

  it('a multipart upload retried with another boundary is the same request', async () => {
    const key = crypto.randomUUID();
    const upload = async (bytes: number[]) => {
      const form = new FormData();
      form.set('kind', 'before');
      form.set('file', new File([new Uint8Array(bytes)], 'a.jpg', { type: 'image/jpeg' }));
      return await app.request('/upload', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: form,
      });
    };
    const first = await upload([1, 2, 3]);
    const before = writes;
    const again = await upload([1, 2, 3]);
    expect([again.status, await again.json()]).toEqual([201, await first.json()]);
    expect(writes).toBe(before);
    expect((await upload([1, 2, 4])).status).toBe(422);
  });
});

/** A request expected to log a 500 (the test harness fails a test on console.error). */
async function silenced<T>(run: () => Promise<T>) {
  const original = console.error;
  console.error = () => {};
  try {
    return await run();
  } finally {
    console.error = original;
  }
}
