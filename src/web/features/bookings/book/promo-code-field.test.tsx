import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fastUser, stubApi } from '../../../test/render';
import { type AppliedPromo, PromoCodeField } from './promo-code-field';

// /book's promo code field: Apply asks the server, shows the terms or the server's refusal, and hands the terms to
// the Price Summary (onChange); Remove takes them back.
const CHECK = 'POST /api/public/promo-codes/check';

function setup(props: { serviceId?: string; vehicleType?: string; email?: string } = {}) {
  const onChange = vi.fn<(promo: AppliedPromo | null) => void>();
  const user = fastUser();
  render(
    <PromoCodeField
      businessId="biz-1"
      serviceId="svc-1"
      vehicleType="suv"
      email="pat@example.com"
      onChange={onChange}
      {...props}
    />,
  );
  return { user, onChange, input: screen.getByLabelText('Promo code') };
}

describe('PromoCodeField', () => {
  it('applies a fixed code: the server checks it, the field shows "$12.50 off" and the terms go to the summary', async () => {
    const calls = stubApi({
      [CHECK]: { body: { code: 'WELCOME', discountType: 'fixed', discountValue: 1_250 } },
    });
    const { user, onChange, input } = setup();
    await user.type(input, ' welcome ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect((await screen.findByRole('status')).textContent).toBe('WELCOME applied · $12.50 off');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      businessId: 'biz-1',
      serviceId: 'svc-1',
      vehicleType: 'suv',
      email: 'pat@example.com',
      code: 'welcome',
    });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        code: 'WELCOME',
        discountType: 'fixed',
        discountValue: 1_250,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove promo code' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('');
  });

  it('applies a percent code with Enter and shows "15% off"', async () => {
    stubApi({ [CHECK]: { body: { code: 'SPRING15', discountType: 'percent', discountValue: 15 } } });
    const { user, onChange, input } = setup();
    await user.type(input, 'SPRING15{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('SPRING15 applied · 15% off');
    // The summary hears of the code from an effect after the render that shows it.
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        code: 'SPRING15',
        discountType: 'percent',
        discountValue: 15,
      }),
    );
  });

  it("shows the server's refusal and hands no discount to the summary", async () => {
    stubApi({
      [CHECK]: { status: 400, body: { error: { message: 'This promo code has expired' } } },
    });
    const { user, onChange, input } = setup();
    await user.type(input, 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This promo code has expired');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ code: expect.any(String) }));
  });

  it('waits for a service and vehicle type before asking the server', async () => {
    const calls = stubApi({});
    const { user, input } = setup({ serviceId: undefined });
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, 'SPRING15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByText('Choose a service and vehicle type to apply your code.')).toBeTruthy(),
    );
    expect(calls).toEqual([]);
  });
});
