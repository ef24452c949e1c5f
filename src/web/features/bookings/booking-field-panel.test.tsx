import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingField } from '../../../shared/field';
import { renderWithQueries, stubApi } from '../../test/render';
import { BookingFieldPanel } from './booking-field-panel';

const TECH = { id: 'tech-1', name: 'Tina Tech' };
const event = (id: string, kind: BookingField['events'][number]['kind'], at: string, extra = {}) => ({
  id,
  kind,
  at,
  recordedAt: at,
  by: TECH,
  ...extra,
});
const photo = (id: string, kind: 'before' | 'after') => ({
  id,
  kind,
  url: `/api/field/photos/${id}`,
  thumbUrl: `/api/field/photos/${id}?size=thumb`,
  width: 2048,
  height: 1536,
  takenAt: '2026-11-25T15:05:00.000Z',
});

// 15:00 UTC is 9:00 AM in Chicago (CST) and 4:00 AM the next day in Auckland (NZDT).
const worked: BookingField = {
  events: [
    event('e1', 'on_my_way', '2026-11-25T14:40:00.000Z', { etaMinutes: 20 }),
    event('e2', 'check_in', '2026-11-25T15:00:00.000Z', { accuracyM: 12.4 }),
    event('e3', 'note', '2026-11-25T15:10:00.000Z'),
    event('e4', 'completed', '2026-11-25T16:25:00.000Z'),
    event('e5', 'check_out', '2026-11-25T16:30:00.000Z'),
  ],
  photos: [photo('p1', 'before'), photo('p2', 'before'), photo('p3', 'after')],
  checklist: [
    { id: 'c1', label: 'Vacuum seats', done: true, doneAt: '2026-11-25T15:20:00.000Z' },
    { id: 'c2', label: 'Dress tires', done: false },
  ],
  signature: {
    url: '/api/field/jobs/b1/signature',
    signerName: 'Casey Customer',
    signedAt: '2026-11-25T16:25:00.000Z',
  },
  materials: [{ itemId: 'i1', name: 'Microfiber towel', quantity: 3, unit: 'pcs' }],
  notes: [{ id: 'n1', text: 'Gate code 4321 worked', at: '2026-11-25T15:10:00.000Z', by: TECH }],
  // The job's Timesheets entry, as the owner corrected it (the events above say 9:00 to 10:30).
  jobTime: [
    {
      technician: TECH,
      startedAt: '2026-11-25T15:00:00.000Z',
      endedAt: '2026-11-25T16:25:00.000Z',
      minutes: 85,
      edited: true,
    },
  ],
};

function setup(body: BookingField, timeZone = 'America/Chicago') {
  stubApi({ 'GET /api/bookings/b1/field': { body } });
  return renderWithQueries(<BookingFieldPanel bookingId="b1" timeZone={timeZone} />);
}

describe('BookingFieldPanel', () => {
  it("shows the timeline in the business's time zone, and the job's time from its Timesheets entry", async () => {
    setup(worked);
    const timeline = await screen.findByRole('list', { name: 'Field timeline' });
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      'On my way · ETA 20 minNov 25, 8:40 AM CST · Tina Tech',
      'Checked inNov 25, 9:00 AM CST · Tina Tech · GPS ±12 m',
      'Job completedNov 25, 10:25 AM CST · Tina Tech',
      'Checked outNov 25, 10:30 AM CST · Tina Tech',
    ]);
    // Timesheets' figure and words, not check-in to check-out recomputed from the events (1 h 30 min).
    expect(screen.getByTestId('job-time').textContent).toBe(
      'Job time: 1 h 25 min (9:00 AM – 10:25 AM, corrected on Timesheets)',
    );
  });

  it('names each technician when several worked the job, and an entry still open runs to now', async () => {
    const nina = { id: 'tech-2', name: 'Nina Tech' };
    setup({
      ...worked,
      jobTime: [
        { ...worked.jobTime[0]!, edited: false },
        {
          technician: nina,
          startedAt: '2026-11-25T15:30:00.000Z',
          endedAt: null,
          minutes: 40,
          edited: false,
        },
      ],
    });
    const rows = (await screen.findAllByTestId('job-time')).map((r) => r.textContent);
    expect(rows).toEqual([
      'Job time: 1 h 25 min · Tina Tech (9:00 AM – 10:25 AM)',
      'Job time: 0 h 40 min · Nina Tech (9:30 AM – now)',
    ]);
  });

  it('shows no job time without an entry (never checked in), whatever the events say', async () => {
    setup({ ...worked, jobTime: [] });
    await screen.findByRole('list', { name: 'Field timeline' });
    expect(screen.queryByTestId('job-time')).toBeNull();
  });

  it('follows the zone the business chose', async () => {
    setup(worked, 'Pacific/Auckland');
    await screen.findByRole('list', { name: 'Field timeline' });
    expect(screen.getByText(/^Nov 26, 4:00 AM GMT\+13 · Tina Tech/)).toBeTruthy();
  });

  it('shows before and after thumbnails that open the full-size photo', async () => {
    setup(worked);
    const before = await screen.findAllByRole('img', { name: /^Before the job/ });
    expect(before).toHaveLength(2);
    const after = screen.getByRole('img', { name: /^After the job, 1 of 1/ });
    expect(after.getAttribute('src')).toBe('/api/field/photos/p3?size=thumb');
    expect(after.closest('a')?.getAttribute('href')).toBe('/api/field/photos/p3');
  });

  it('shows the checklist, materials, notes and the signature', async () => {
    setup(worked);
    expect(await screen.findByText('Checklist (1/2)', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Done').parentElement?.textContent).toContain('Vacuum seats');
    expect(screen.getByLabelText('Not done').parentElement?.textContent).toContain('Dress tires');
    expect(screen.getByText('Microfiber towel:', { exact: false }).textContent).toBe(
      'Microfiber towel: 3 pcs',
    );
    expect(screen.getByText('Gate code 4321 worked')).toBeTruthy();
    const signature = screen.getByRole('img', { name: 'Signature of Casey Customer' });
    expect(signature.getAttribute('src')).toBe('/api/field/jobs/b1/signature');
  });

  it('says nothing happened yet before the technician starts', async () => {
    setup({
      events: [],
      photos: [],
      checklist: [{ id: 'c1', label: 'Vacuum seats', done: false }],
      signature: null,
      materials: [],
      notes: [],
      jobTime: [],
    });
    expect(await screen.findByText(/Nothing from the field yet/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Field timeline' })).toBeNull();
  });
});
