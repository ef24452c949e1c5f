import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FieldBoard } from '../../../shared/field';
import { renderWithQueries, stubApi } from '../../test/render';
import { LiveBoardPage } from './live-board-page';

// The live board: each technician's jobs of the day with their field status, times on the business's clock.
const job = (id: string, customerName: string, startsAt: string, fieldStatus: string) => ({
  id,
  customerName,
  status: 'confirmed',
  startsAt,
  fieldStatus,
});
const board = {
  items: [
    {
      technician: { id: 't1', name: 'Theo Tech' },
      currentJob: {
        id: 'b2',
        customerName: 'Cora Two',
        status: 'in_progress',
        startsAt: '2026-11-25T17:00:00.000Z',
      },
      lastEvent: null,
      jobsDone: 1,
      jobsTotal: 3,
      jobs: [
        job('b1', 'Cora One', '2026-11-25T15:00:00.000Z', 'done'),
        job('b2', 'Cora Two', '2026-11-25T17:00:00.000Z', 'on_site'),
        job('b3', 'Cora Three', '2026-11-25T19:00:00.000Z', 'not_started'),
      ],
    },
    {
      technician: { id: 't2', name: 'Ida Idle' },
      currentJob: null,
      lastEvent: null,
      jobsDone: 0,
      jobsTotal: 0,
      jobs: [],
    },
  ],
  nextCursor: null,
} as FieldBoard;

function setup(body: FieldBoard = board) {
  const calls = stubApi({
    'GET /api/scheduling': { body: { timeZone: 'America/Chicago' } },
    'GET /api/field/board': { body },
  });
  renderWithQueries(
    <MemoryRouter>
      <LiveBoardPage />
    </MemoryRouter>,
  );
  return calls;
}

describe('LiveBoardPage', () => {
  it("shows each technician's jobs in order with where they are, on the business's clock", async () => {
    setup();
    const jobs = await screen.findByRole('list', { name: "Theo Tech's jobs today" });
    expect(
      within(jobs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['9:00 AM Cora OneDone', '11:00 AM Cora TwoOn site', '1:00 PM Cora ThreeNot started']);
    expect(within(jobs).getAllByRole('listitem')[1]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('1 of 3 jobs done')).toBeTruthy();
    expect(screen.getByText('No jobs today.')).toBeTruthy();
  });

  it('says what to do when the business has no technicians', async () => {
    setup({ items: [], nextCursor: null });
    expect(await screen.findByText('No technicians yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite a technician' }).getAttribute('href')).toBe(
      '/business-profile?tab=team',
    );
  });
});
