import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DayRoutes, RoutePlan, RouteStop } from '../../../shared/route-plans';
import { renderWithQueries, stubApi } from '../../test/render';
import { RoutesPage } from './routes-page';
import { EDGE, edgeSpeed } from './stop-drag';

// The Routes screen's drag and keyboard moves (decision 1270): a job taken off a route goes to "Unassigned" at once
// and the server is asked to time the routes left; a multi-location business sees one location's day (decision 1280).

const stop = (id: string, name: string, at: string): RouteStop => ({
  bookingId: id,
  customerName: name,
  serviceName: 'Full Detail',
  anyTime: false,
  address: '1 Main St, Austin, TX 78701',
  status: 'confirmed',
  point: { lat: 30.27, lng: -97.74 },
  windowStart: at,
  windowEnd: at,
  arrivalAt: at,
  durationMinutes: 60,
  driveMinutes: 10,
});
const route = (id: string, name: string, stops: RouteStop[]) => ({
  technicianId: id,
  name,
  start: null,
  end: null,
  stops,
  driveMinutes: 40,
  returnDriveMinutes: 10,
});
const day: DayRoutes = {
  date: '2030-03-12',
  timeZone: 'America/Chicago',
  canOptimize: true,
  hasTeam: true,
  travel: 'great-circle',
  tiles: null,
  base: null,
  technicians: [
    route('ana', 'Ana Tech', [
      stop('b1', 'Cora One', '2030-03-12T14:00:00.000Z'),
      stop('b2', 'Cora Two', '2030-03-12T16:00:00.000Z'),
    ]),
    route('ben', 'Ben Tech', [stop('b3', 'Cora Three', '2030-03-12T15:00:00.000Z')]),
  ],
  unassigned: [],
  unplaced: [],
  totals: { jobs: 3, driveMinutes: 80 },
};
const plan = (unassigned: string[]): RoutePlan => ({
  planId: '5d1c1b52-6a43-4c55-9a4b-4f6a0a0a0a0a',
  date: day.date,
  beforeMinutes: 80,
  afterMinutes: 60,
  savedMinutes: 20,
  technicians: day.technicians.map((t) => ({
    ...t,
    stops: t.stops.filter((s) => !unassigned.includes(s.bookingId)),
  })),
  changes: unassigned.map((id) => ({
    bookingId: id,
    customerName: 'Cora',
    fromTechnicianId: 'ana',
    toTechnicianId: null,
    fromArrivalAt: day.date,
    toArrivalAt: day.date,
  })),
  kept: [],
  unassigned,
  outsideWindow: [],
  solveMs: 3,
});

function setup(options: { plan?: string; locations?: number; url?: string; body?: DayRoutes } = {}) {
  const calls = stubApi({
    'GET /api/scheduling': { body: { timeZone: 'America/Chicago' } },
    'GET /api/billing': { body: { plan: options.plan ?? 'pro' } },
    'GET /api/locations': {
      body: {
        items: Array.from({ length: options.locations ?? 1 }, (_, i) => ({
          id: `loc-${i}`,
          name: i === 0 ? 'Main location' : `Location ${i}`,
          archivedAt: null,
        })),
      },
    },
    'GET /api/routes': { body: options.body ?? day },
    'POST /api/routes/evaluate': (call) => ({
      body: plan((call.body as { unassigned: string[] }).unassigned),
    }),
  });
  renderWithQueries(
    <MemoryRouter initialEntries={[options.url ?? '/routes?date=2030-03-12']}>
      <RoutesPage />
    </MemoryRouter>,
  );
  return calls;
}

const unassignedCard = () =>
  screen.getAllByTestId('route-technician').find((el) => el.dataset.technician === 'Unassigned')!;

afterEach(() => {
  Reflect.deleteProperty(document, 'elementsFromPoint');
});

describe('RoutesPage: taking a job off a route', () => {
  it('with the keyboard: "Move to" offers Unassigned; the job moves there at once and the server times the rest', async () => {
    const calls = setup();
    const select = await screen.findByRole('combobox', { name: 'Move Cora Two to another technician' });
    expect(within(select).getByRole('option', { name: 'Take off the route (unassigned)' })).toBeTruthy();
    expect(within(unassignedCard()).getByTestId('route-empty').textContent).toMatch(/Drop a job here/);
    fireEvent.change(select, { target: { value: 'unassigned' } });
    await waitFor(() =>
      expect(within(unassignedCard()).getByTestId('route-stop-customer').textContent).toBe('Cora Two'),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/routes/evaluate')!;
    expect(sent.body).toMatchObject({
      date: '2030-03-12',
      technicians: [
        { technicianId: 'ana', bookingIds: ['b1'] },
        { technicianId: 'ben', bookingIds: ['b3'] },
      ],
      unassigned: ['b2'],
    });
    expect(await screen.findByTestId('minutes-saved')).toBeTruthy();
    // The plan's answer keeps it there; Apply is offered.
    expect(within(unassignedCard()).getByTestId('route-stop-customer').textContent).toBe('Cora Two');
    expect(screen.getByRole('button', { name: 'Apply plan' }).hasAttribute('disabled')).toBe(false);
  });

  it('with the pointer: a stop dropped on the Unassigned card leaves its route', async () => {
    const calls = setup();
    await screen.findByRole('combobox', { name: 'Move Cora One to another technician' });
    const grip = screen
      .getAllByTestId('route-stop')
      .find((el) => el.dataset.stopId === 'b1')!
      .querySelector<HTMLElement>('[data-testid="route-stop-grip"]')!;
    const target = unassignedCard();
    Object.defineProperty(document, 'elementsFromPoint', {
      configurable: true,
      value: () => [target],
    });
    await act(async () => {
      fireEvent.pointerDown(grip, { button: 0, pointerId: 1, clientX: 10, clientY: 100 });
      fireEvent.pointerMove(grip, { pointerId: 1, clientX: 10, clientY: 400 });
    });
    expect(target.className).toMatch(/ring-2/);
    await act(async () => {
      fireEvent.pointerUp(grip, { pointerId: 1, clientX: 10, clientY: 400 });
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/routes/evaluate')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/routes/evaluate')!;
    expect(sent.body).toMatchObject({ unassigned: ['b1'] });
    expect((sent.body as { technicians: { bookingIds: string[] }[] }).technicians[0]!.bookingIds).toEqual([
      'b2',
    ]);
  });

  it('an owner who works alone gets no Unassigned card and no Move to', async () => {
    setup({
      body: {
        ...day,
        hasTeam: false,
        technicians: [route('owner', 'You', day.technicians[0]!.stops)],
      },
    });
    await screen.findByRole('button', { name: 'Move Cora One down' });
    expect(screen.queryByRole('combobox', { name: /Move Cora One to/ })).toBeNull();
    expect(screen.getAllByTestId('route-technician').map((el) => el.dataset.technician)).toEqual(['You']);
  });
});

describe('RoutesPage: locations', () => {
  it('a single location shows no location filter and asks for the whole business', async () => {
    const calls = setup({ plan: 'elite', locations: 1 });
    await screen.findAllByTestId('route-stop');
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
    expect(calls.find((c) => c.path === '/api/routes')!.search.get('locationId')).toBeNull();
  });

  it('two locations: the filter is there, and the day and its plans are asked for the chosen one', async () => {
    const calls = setup({ plan: 'elite', locations: 2, url: '/routes?date=2030-03-12&location=loc-1' });
    expect(await screen.findByRole('combobox', { name: 'Location' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/routes' && c.search.get('locationId') === 'loc-1')).toBe(
        true,
      ),
    );
    fireEvent.change(await screen.findByRole('combobox', { name: 'Move Cora Two to another technician' }), {
      target: { value: 'ben' },
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/routes/evaluate')).toBe(true));
    expect(calls.find((c) => c.path === '/api/routes/evaluate')!.body).toMatchObject({ locationId: 'loc-1' });
  });
});

describe('edgeSpeed: auto-scroll while dragging', () => {
  it('scrolls up near the top, down near the bottom, faster nearer the edge, not in the middle', () => {
    expect(edgeSpeed(400, 0, 800)).toBe(0);
    expect(edgeSpeed(2, 0, 800)).toBeLessThan(0);
    expect(edgeSpeed(798, 0, 800)).toBeGreaterThan(0);
    expect(Math.abs(edgeSpeed(2, 0, 800))).toBeGreaterThan(Math.abs(edgeSpeed(EDGE - 10, 0, 800)));
    // A short list's edge zones never overlap.
    expect(edgeSpeed(50, 0, 100)).toBe(0);
  });
});
