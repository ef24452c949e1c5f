import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoveDialog } from './remove-dialog';

// Spied on the one sonner module every file shares (vitest.config.ts: isolate false), not mocked: a vi.mock here
// cannot reach a remove-dialog.tsx an earlier file of the worker already loaded with the real sonner.
beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 0);
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});

// The one "remove this row?" confirmation: it deletes the chosen item by id, toasts the outcome and closes only once
// the item is gone.
function renderDialog(outcome: 'ok' | 'fails') {
  const onClose = vi.fn();
  const mutate = vi.fn((_id: string, o: { onSuccess: () => void; onError: (e: Error) => void }) =>
    outcome === 'ok' ? o.onSuccess() : o.onError(new Error('Not allowed')),
  );
  render(
    <RemoveDialog
      item={{ id: 'area-1' }}
      onClose={onClose}
      mutation={{ mutate, isPending: false }}
      title="Remove this area?"
      description="It will no longer be offered."
      removedText="Area removed"
      failureTitle="Could not remove"
    />,
  );
  return { onClose, mutate };
}

describe('RemoveDialog', () => {
  it('removes the item by id, says so and closes', () => {
    const { onClose, mutate } = renderDialog('ok');
    expect(screen.getByRole('alertdialog', { name: 'Remove this area?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(mutate).toHaveBeenCalledWith('area-1', expect.anything());
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Area removed' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('names a failure and stays open', () => {
    const { onClose } = renderDialog('fails');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(toast.error).toHaveBeenCalledWith('Could not remove', { description: 'Not allowed' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is closed while no item is chosen', () => {
    render(
      <RemoveDialog
        item={null}
        onClose={vi.fn()}
        mutation={{ mutate: vi.fn(), isPending: false }}
        title="Remove this area?"
        removedText="Area removed"
      />,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
