import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries, stubApi } from '../../test/render';
import { AdjustPointsDialog } from './adjust-points-dialog';

// §2 Adjust Points: the typed points become a whole number, the type says earned or redeemed, and the dialog closes
// only when the server has recorded them; anything else stays open with its message.
const members = {
  items: [
    { id: 'cust-1', firstName: 'Pat', lastName: 'Lee', loyaltyPoints: 120 },
    { id: 'cust-2', firstName: 'Sam', lastName: 'Diaz', loyaltyPoints: 40 },
  ],
  nextCursor: null,
};

function setup(api: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/loyalty/customers': { body: members },
    'POST /api/loyalty/adjustments': { status: 201, body: {} },
    ...api,
  });
  const onOpenChange = vi.fn();
  const view = renderWithQueries(<AdjustPointsDialog open customerId="cust-1" onOpenChange={onOpenChange} />);
  const posts = () => calls.filter((c) => c.method === 'POST');
  return { ...view, onOpenChange, posts };
}

describe('AdjustPointsDialog', () => {
  it('records earned points as a whole number for the customer it was opened for', async () => {
    const { user, onOpenChange, posts } = setup();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Customer' }).textContent).toBe('Pat Lee · 120 pts'),
    );
    await user.fill(screen.getByLabelText('Points'), '25');
    await user.fill(screen.getByLabelText('Description'), 'Referral bonus');
    await user.click(screen.getByRole('button', { name: 'Save Points' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts().map((c) => c.body)).toEqual([
      { customerId: 'cust-1', points: 25, type: 'earned', description: 'Referral bonus' },
    ]);
  });

  it('records a redemption when Redeemed is chosen', async () => {
    const { user, onOpenChange, posts } = setup();
    await user.fill(screen.getByLabelText('Points'), '100');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Redeemed' }));
    await user.fill(screen.getByLabelText('Description'), 'Free wash');
    await user.click(screen.getByRole('button', { name: 'Save Points' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts().map((c) => c.body)).toEqual([
      { customerId: 'cust-1', points: 100, type: 'redeemed', description: 'Free wash' },
    ]);
  });

  it.each(['2.5', '0'])('refuses %s points without asking the server', async (points) => {
    const { user, onOpenChange, posts } = setup();
    await user.fill(screen.getByLabelText('Points'), points);
    await user.fill(screen.getByLabelText('Description'), 'Typo');
    await user.click(screen.getByRole('button', { name: 'Save Points' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Points must be a whole number greater than 0',
    );
    expect(posts()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('stays open when the server refuses (more points redeemed than the balance)', async () => {
    const { user, onOpenChange, posts } = setup({
      'POST /api/loyalty/adjustments': {
        status: 409,
        body: { error: { message: 'Pat Lee has only 120 points; 500 cannot be redeemed' } },
      },
    });
    await user.fill(screen.getByLabelText('Points'), '500');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Redeemed' }));
    await user.fill(screen.getByLabelText('Description'), 'Too many');
    await user.click(screen.getByRole('button', { name: 'Save Points' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Adjust Points' })).toBeTruthy();
  });
});
