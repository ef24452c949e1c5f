import type { ChangeEvent, ReactNode } from 'react';
import type { BookingFormInput } from '../../../../../shared/booking.schemas';

// The booking form's state (docs/decisions/0912): the few things of react-hook-form it used — register for inputs,
// Controller for the radio cards, selects and tip, the values, the schema's first error per field after Book Now —
// without ≈ 14 KB gzip of library on /book's first load. Implemented in ../use-booking-form.ts.

export type FieldName = keyof BookingFormInput;

/** What an <input>, <textarea> or checkbox spreads: a controlled value and its change handler. */
export interface Registered {
  name: string;
  value?: string;
  checked?: boolean;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
}

export interface BookingFormApi {
  /** The current values (the state that renders the form). */
  values: BookingFormInput;
  /** The current values, read at once (also right after setValue, before the next render). */
  getValues(): BookingFormInput;
  setValue<K extends FieldName>(name: K, value: BookingFormInput[K]): void;
  reset(values: BookingFormInput): void;
  register(name: FieldName): Registered;
  /** Checks the whole form with the booking schema (loaded on first use) and shows each field's first problem. */
  trigger(): Promise<boolean>;
  formState: { errors: Partial<Record<FieldName, { message: string }>> };
  /** The handle itself, for Controller (react-hook-form's spelling, kept so the steps read the same). */
  control: BookingFormApi;
}

/** A field that is not a plain input: `render` gets its value and a setter. */
export function Controller<K extends FieldName>({
  control,
  name,
  render,
}: {
  control: BookingFormApi;
  name: K;
  render(props: { field: { value: BookingFormInput[K]; onChange(value: unknown): void } }): ReactNode;
}) {
  return render({
    field: {
      value: control.values[name],
      onChange: (value) => control.setValue(name, value as BookingFormInput[K]),
    },
  });
}
