import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  type WeekdayHours,
  WeeklyHoursFieldset,
  weekdayHoursFrom,
  weeklyHoursOf,
} from './weekly-hours-fieldset';

// The one "Working hours" editor of the business's hours and of a location's: the server's week to rows and back,
// a closed day shows "Closed" and opens with its times, the server's message under its day.
const week = [
  { open: '08:00', close: '18:00' },
  { open: '09:00', close: '17:00' },
  null,
  { open: '08:00', close: '12:00' },
  { open: '08:00', close: '18:00' },
  null,
  null,
];

function Editor({ errors, seen }: { errors: Record<string, string>; seen: (days: WeekdayHours[]) => void }) {
  const form = useForm<{ name: string; days: WeekdayHours[] }>({
    defaultValues: { name: 'Main', days: weekdayHoursFrom(week) },
  });
  seen(form.watch('days'));
  return <WeeklyHoursFieldset form={form} errors={errors} idPrefix="day" />;
}

describe('weekly hours', () => {
  it('turns the server week into rows and back, a new record open every day', () => {
    expect(weeklyHoursOf(weekdayHoursFrom(week))).toEqual(week);
    expect(weekdayHoursFrom(undefined).every((d) => d.open && d.from === '08:00' && d.to === '18:00')).toBe(
      true,
    );
    expect(weekdayHoursFrom(week)[2]).toEqual({ open: false, from: '08:00', to: '18:00' });
  });

  it('shows a closed day as Closed, opens it with its times, and puts the message under its day', () => {
    let days: WeekdayHours[] = [];
    render(
      <Editor errors={{ 'weeklyHours.1.close': 'Closing must be after opening' }} seen={(d) => (days = d)} />,
    );
    expect(screen.getByRole('group', { name: 'Working hours' })).toBeTruthy();
    expect(screen.getAllByText('Closed')).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toBe('Closing must be after opening');
    expect(screen.queryByLabelText('Tuesday opens')).toBeNull();

    fireEvent.click(screen.getByLabelText('Tuesday'));
    expect(screen.getAllByText('Closed')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Tuesday opens'), { target: { value: '10:00' } });
    expect(weeklyHoursOf(days)[2]).toEqual({ open: '10:00', close: '18:00' });
  });
});
