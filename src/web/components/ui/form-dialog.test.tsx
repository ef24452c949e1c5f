import { fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FormDialog, failureMessage, useSaveDialog } from './form-dialog';

// Spied on the one sonner module every file shares (vitest.config.ts: isolate false), not mocked: a vi.mock here
// cannot reach a form-dialog.tsx an earlier file of the worker already loaded with the real sonner.
beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 0);
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});

// The one shape of the owner's form dialogs: its title, description and fields; Cancel closes it, except while a
// save is in flight, when nothing closes it and the submit button is busy.
function renderDialog(submitting: boolean) {
  const onOpenChange = vi.fn();
  const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
  render(
    <FormDialog
      open
      onOpenChange={onOpenChange}
      submitting={submitting}
      onSubmit={onSubmit}
      title="New Promo Code"
      description="Customers type the code on your booking page."
      submitLabel="Create Code"
    >
      <label htmlFor="code">Code</label>
      <input id="code" />
    </FormDialog>,
  );
  return { onOpenChange, onSubmit };
}

describe('FormDialog', () => {
  it('shows its title, description and fields; Cancel closes it and the submit button submits the form', () => {
    const { onOpenChange, onSubmit } = renderDialog(false);
    expect(screen.getByRole('dialog', { name: 'New Promo Code' })).toBeTruthy();
    expect(screen.getByText('Customers type the code on your booking page.')).toBeTruthy();
    expect(screen.getByLabelText('Code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Code' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('cannot be closed while it submits', () => {
    const { onOpenChange } = renderDialog(true);
    const cancel = screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    fireEvent.click(cancel);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('failureMessage', () => {
  it("gives the server's message, or the fallback when there is none", () => {
    expect(failureMessage(new Error('Code already exists'), 'Failed to save')).toBe('Code already exists');
    expect(failureMessage(new Error(''), 'Failed to save')).toBe('Failed to save');
    expect(failureMessage('boom', 'Failed to save')).toBe('Failed to save');
  });
});

describe('useSaveDialog', () => {
  // The tail of the reward, promo code, plan and adjust-points dialogs: save, toast, close.
  function submitWith(save: (v: { name: string }) => Promise<string>, name: string) {
    const onOpenChange = vi.fn();
    const { result } = renderHook(() => {
      const form = useForm<{ name: string }>({ defaultValues: { name } });
      form.register('name', { required: true });
      return useSaveDialog(form, { save, invalid: 'Please fill in the name', onOpenChange });
    });
    void result.current();
    return onOpenChange;
  }

  it("saves, toasts the save's answer and closes", async () => {
    const save = vi.fn(async () => 'Reward created');
    const onOpenChange = submitWith(save, 'Free wax');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(save).toHaveBeenCalledWith({ name: 'Free wax' });
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Reward created' });
  });

  it("stays open with the server's message when the save fails", async () => {
    const onOpenChange = submitWith(async () => {
      throw new Error('Code already exists');
    }, 'SPRING');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Code already exists' }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('does not save invalid values and says what is missing', async () => {
    const save = vi.fn(async () => 'saved');
    const onOpenChange = submitWith(save, '');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Please fill in the name' }),
    );
    expect(save).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
