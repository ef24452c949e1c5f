import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { createJobQueue } from './queue';

describe('job queue on the test database', () => {
  it('runs each sent job once and retries a failing one', async () => {
    const handle = await openTestDatabase();
    const queue = await createJobQueue(handle, { pollingIntervalSeconds: 0.5 });
    afterAll(async () => {
      await queue.stop();
      await handle.close();
    });

    const seen: number[] = [];
    let attemptsOfThree = 0;
    await queue.work<{ n: number }>('test-job', async ({ n }) => {
      // Job 3 fails on its first attempt and must be retried.
      if (n === 3 && ++attemptsOfThree === 1) throw new Error('transient failure');
      seen.push(n);
    });
    for (const n of [1, 2, 3]) await queue.send('test-job', { n }, { retryLimit: 2, retryDelaySeconds: 1 });

    const deadline = Date.now() + 20_000;
    while (seen.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect(attemptsOfThree).toBe(2);
  });
});

describe('stopping the queue', () => {
  it('waits for a fetch already on its way and the job it brings: nothing of the queue runs after its stop', async () => {
    const handle = await openTestDatabase();
    afterAll(() => handle.close());
    // A workers' fetch (pg-boss's `… for update skip locked`) that brings a job is held back before it answers, so
    // that the stop below begins while it is on its way.
    let fetched: (() => void) | undefined;
    const fetchOnItsWay = new Promise<void>((resolve) => (fetched = resolve));
    const slowed = {
      ...handle,
      async query(text: string, values?: unknown[]) {
        const result = await handle.query(text, values);
        if (/skip locked/i.test(text) && result.rows.length > 0) {
          fetched?.();
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return result;
      },
    };
    const queue = await createJobQueue(slowed, { pollingIntervalSeconds: 0.5 });
    const done: number[] = [];
    await queue.work<{ n: number }>('stop-test-job', async ({ n }) => {
      done.push(n);
    });
    await queue.send('stop-test-job', { n: 1 });
    await fetchOnItsWay;
    await queue.stop(10_000);
    // When the stop returns, the job the fetch brought has run and is recorded complete: nothing is left to run later
    // against a pool its owner then closes.
    expect(done).toEqual([1]);
    const { rows } = await handle.query(`select state from pgboss.job where name = 'stop-test-job'`);
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
