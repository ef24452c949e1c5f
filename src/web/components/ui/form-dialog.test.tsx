import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, failureMessage } from './form-dialog';

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
