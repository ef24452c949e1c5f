import { describe, expect, it } from 'vitest';
import type { LocalJob } from './field-db';
import type { OutboxEntry } from './outbox';
import { jobView } from './overlay';

// An unsent tick shows on its own vehicle's item only (decision 1344): two vehicles of one service list the same item.

const item = (vehiclePosition: number | undefined) => ({
  id: 'rinse',
  label: 'Rinse',
  done: false,
  ...(vehiclePosition === undefined ? {} : { vehiclePosition }),
});

const entry = (body: OutboxEntry['action']['body']): OutboxEntry => ({
  seq: 1,
  key: 'k1',
  jobId: 'job-1',
  action: { kind: 'checklist', jobId: 'job-1', itemId: 'rinse', body } as OutboxEntry['action'],
  createdAt: '2030-01-01T10:00:00.000Z',
  attempts: 0,
});

describe('an unsent checklist tick', () => {
  it("ticks the item of its vehicle, not the same item of the job's other vehicle", () => {
    const job = {
      id: 'job-1',
      checklist: [item(0), item(1)],
      notes: [],
      materials: [],
    } as unknown as LocalJob;
    const view = jobView(job, [
      entry({ deviceTime: '2030-01-01T10:00:00.000Z', done: true, vehiclePosition: 1 }),
    ]);
    expect(view.checklist.map((c) => [c.vehiclePosition, c.done])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it('ticks the first vehicle for an entry queued without a vehicle (an older app), and a copy read before it', () => {
    const job = {
      id: 'job-1',
      checklist: [item(undefined)],
      notes: [],
      materials: [],
    } as unknown as LocalJob;
    const view = jobView(job, [entry({ deviceTime: '2030-01-01T10:00:00.000Z', done: true })]);
    expect(view.checklist.map((c) => c.done)).toEqual([true]);
  });
});
