import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Service } from '../../api/services';
import { type ApiCall, renderWithQueries, stubApi } from '../../test/render';
import { ChecklistDialog } from './checklist-dialog';

// The owner's checklist of a service: reorder, add and remove items, saved whole; kept items keep their id so past
// jobs' ticks stay theirs, and an empty label is refused before anything is sent.
const service = { id: 'svc-1', name: 'Premium Detail' } as Service;
const saved = {
  items: [
    { id: 'c1', label: 'Walk around the vehicle', position: 0 },
    { id: 'c2', label: 'Vacuum seats', position: 1 },
    { id: 'c3', label: 'Dress tires', position: 2 },
  ],
  nextCursor: null,
};

function setup() {
  const calls = stubApi({
    'GET /api/services/svc-1/checklist': { body: saved },
    'PUT /api/services/svc-1/checklist': (call: ApiCall) => ({
      body: {
        items: (call.body as { items: { id?: string; label: string }[] }).items.map((it, position) => ({
          id: it.id ?? `new-${position}`,
          label: it.label,
          position,
        })),
        nextCursor: null,
      },
    }),
  });
  const onClose = vi.fn();
  const view = renderWithQueries(<ChecklistDialog service={service} onClose={onClose} />);
  const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
  return { ...view, onClose, puts };
}

const labels = () => screen.getAllByRole('textbox').map((i) => (i as HTMLInputElement).value);

describe('ChecklistDialog', () => {
  it('saves the items reordered, with one removed and one added, keeping the ids of those kept', async () => {
    const { user, onClose, puts } = setup();
    await waitFor(() => expect(labels()).toEqual(['Walk around the vehicle', 'Vacuum seats', 'Dress tires']));

    await user.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    expect(labels()).toEqual(['Walk around the vehicle', 'Dress tires', 'Vacuum seats']);
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.fill(screen.getByLabelText('Item 3'), '  After photos  ');
    await user.click(screen.getByRole('button', { name: 'Save checklist' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts()).toEqual([
      {
        items: [
          { id: 'c3', label: 'Dress tires' },
          { id: 'c2', label: 'Vacuum seats' },
          { label: 'After photos' },
        ],
      },
    ]);
  });

  it('refuses an empty item with its message and sends nothing', async () => {
    const { user, onClose, puts } = setup();
    await waitFor(() => expect(labels()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Save checklist' }));
    expect(await screen.findByText('Each item needs a label')).toBeTruthy();
    expect(screen.getByLabelText('Item 4').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('moves the first item down and cannot move it further up', async () => {
    const { user } = setup();
    await waitFor(() => expect(labels()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Move item 1 up' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move item 1 down' }));
    expect(labels()).toEqual(['Vacuum seats', 'Walk around the vehicle', 'Dress tires']);
  });
});
