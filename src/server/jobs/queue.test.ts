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
