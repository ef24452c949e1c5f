import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grantRole } from '../../db/factories';
import { idempotencyKeys, timeEntries } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { WORKERS } from '../../jobs/workers';
import { createTestContext } from '../../test/harness';
import { IDEMPOTENCY_PURGE_JOB, IDEMPOTENCY_RETENTION_DAYS, purgeIdempotencyKeys } from './idempotency-purge';

// Clock in and clock out are field writes like the others (decision 1210): an Idempotency-Key is required and a
// replay answers the first answer without writing; the receipts are purged after 30 days by a daily queue job.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);

const clock = (step: 'clock-in' | 'clock-out', key: string | null, deviceTime = new Date().toISOString()) =>
  t.request(`/api/field/shift/${step}`, {
    method: 'POST',
    cookie: tech.cookie,
    headers: key === null ? {} : { 'idempotency-key': key },
    json: { deviceTime },
  });
const shifts = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(timeEntries)
      .where(and(eq(timeEntries.technicianId, tech.userId), eq(timeEntries.kind, 'shift')))
  )[0]!.n;
const openShifts = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.technicianId, tech.userId),
          eq(timeEntries.kind, 'shift'),
          isNull(timeEntries.endedAt),
        ),
      )
  )[0]!.n;

describe('clock in and clock out', () => {
  it('need an Idempotency-Key', async () => {
    expect((await clock('clock-in', null)).status).toBe(400);
    expect((await clock('clock-out', null)).status).toBe(400);
    expect(await shifts()).toBe(0);
  });

  it('answer a replay with the first answer and write nothing (sequential and ten at once)', async () => {
    const inKey = crypto.randomUUID();
    const deviceTime = new Date(Date.now() - 3_600_000).toISOString();
    const first = await clock('clock-in', inKey, deviceTime);
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const replay = await clock('clock-in', inKey, deviceTime);
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(await replay.json()).toEqual(firstBody);
    const tenReplays = await Promise.all(
      Array.from({ length: 10 }, () => clock('clock-in', inKey, deviceTime)),
    );
    expect(tenReplays.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect([await shifts(), await openShifts()]).toEqual([1, 1]);

    const outKey = crypto.randomUUID();
    const outTime = new Date().toISOString();
    const out = await clock('clock-out', outKey, outTime);
    expect(out.status).toBe(200);
    const outBody = await out.json();
    // Without the key's receipt a second clock-out would be 409 (no open shift): the replay is the first answer.
    const again = await Promise.all(Array.from({ length: 10 }, () => clock('clock-out', outKey, outTime)));
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await again[0]!.json()).toEqual(outBody);
    expect([await shifts(), await openShifts()]).toEqual([1, 0]);
  });

  it('ten new clock-ins with one key at once open one shift', async () => {
    const key = crypto.randomUUID();
    const deviceTime = new Date().toISOString();
    const all = await Promise.all(Array.from({ length: 10 }, () => clock('clock-in', key, deviceTime)));
    const statuses = all.map((r) => r.status);
    // One runs the write; each other either replays its answer or is told it is still in flight (409).
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await openShifts()).toBe(1);
    expect((await clock('clock-out', crypto.randomUUID())).status).toBe(200);
  });
});

describe('the receipts purge', () => {
  const DAY = 86_400_000;
  const receipt = (key: string, ageDays: number) => ({
    businessId: owner.userId,
    userId: tech.userId,
    key,
    fingerprint: 'f',
    responseStatus: 201,
    responseBody: '{}',
    responseContentType: 'application/json',
    createdAt: new Date(Date.now() - ageDays * DAY),
  });
  const keysLeft = async (keys: string[]) =>
    (await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys))
      .map((r) => r.key)
      .filter((k) => keys.includes(k))
      .sort();

  it(`deletes receipts older than ${IDEMPOTENCY_RETENTION_DAYS} days and keeps the rest`, async () => {
    await t.db
      .insert(idempotencyKeys)
      .values([
        receipt('old-1', IDEMPOTENCY_RETENTION_DAYS + 1),
        receipt('old-2', 90),
        receipt('kept-29', IDEMPOTENCY_RETENTION_DAYS - 1),
        receipt('kept-8', 8),
      ]);
    expect(await purgeIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(2);
    expect(await keysLeft(['old-1', 'old-2', 'kept-29', 'kept-8'])).toEqual(['kept-29', 'kept-8']);
  });

  it('runs as a registered queue job that queues the next purge a day later', async () => {
    await t.db.insert(idempotencyKeys).values([receipt('old-3', 45), receipt('kept-1', 1)]);
    const worker = WORKERS.find((w) => w.job === IDEMPOTENCY_PURGE_JOB);
    expect(worker).toBeDefined();
    const sent: Array<{ name: string; options: unknown }> = [];
    const queue = {
      send: async (name: string, _data: object, options: unknown) => {
        sent.push({ name, options });
        return 'next';
      },
    } as unknown as JobQueue;
    await worker!.run({}, { deps: t.deps, queue, jobId: 'purge-1' });
    expect(await keysLeft(['old-3', 'kept-1'])).toEqual(['kept-1']);
    expect(sent).toEqual([
      {
        name: IDEMPOTENCY_PURGE_JOB,
        options: expect.objectContaining({ policy: 'stately', startAfterSeconds: 86_400 }),
      },
    ]);
  });
});
