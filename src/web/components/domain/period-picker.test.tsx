import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Period, PeriodPicker } from './period-picker';

// The one period picker of the owner's and the admin's analytics: the shown period's quick button is pressed, a
// quick period applies at once, a typed period only on Show and only when the page's own check passes.
const presets = [
  { id: 'a', label: 'Last 7 days', period: { from: '2026-11-20', to: '2026-11-26' } },
  { id: 'b', label: 'Last 30 days', period: { from: '2026-10-28', to: '2026-11-26' } },
];
const validate = (p: Period) => (p.from > p.to ? 'The start must be before the end' : null);

describe('PeriodPicker', () => {
  it('presses the shown period, applies a quick period, and a typed one on Show only when valid', () => {
    const onChange = vi.fn();
    render(
      <PeriodPicker period={presets[1]!.period} onChange={onChange} validate={validate} presets={presets}>
        <p>compared with the period before</p>
      </PeriodPicker>,
    );
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('compared with the period before')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenLastCalledWith(presets[0]!.period);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-20');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    expect(screen.getByRole('alert').textContent).toBe('The start must be before the end');
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-26' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('shows why the period in the address was not taken', () => {
    render(
      <PeriodPicker
        period={presets[0]!.period}
        onChange={() => {}}
        validate={validate}
        error="That period is too long"
        presets={presets}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('That period is too long');
  });
});
