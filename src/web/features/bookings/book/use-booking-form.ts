import { useRef, useState } from 'react';
import type { BookingFormInput } from '../../../../shared/booking.schemas';
import { bookingProblems } from './booking-validation';
import type { BookingFormApi, FieldName } from './steps/booking-form-api';

/** The booking form's state: values (controlled inputs), and the schema's problems once Book Now asked for them. */
export function useBookingForm(defaultValues: Partial<BookingFormInput>): BookingFormApi {
  // Partly filled until the customer chooses (no vehicle type yet), as react-hook-form's default values were.
  const [values, setValues] = useState(defaultValues as BookingFormInput);
  const [errors, setErrors] = useState<BookingFormApi['formState']['errors']>({});
  const current = useRef(values);
  current.current = values;

  const update = (next: BookingFormInput) => {
    current.current = next;
    setValues(next);
  };
  const api: BookingFormApi = {
    values,
    getValues: () => current.current,
    setValue: (name, value) => update({ ...current.current, [name]: value }),
    reset: (next) => update(next),
    register: (name: FieldName) => {
      const value = values[name];
      return typeof value === 'boolean'
        ? {
            name,
            checked: value,
            onChange: (e) => api.setValue(name, (e.target as HTMLInputElement).checked),
          }
        : {
            name,
            value: (value ?? '') as string,
            onChange: (e) => api.setValue(name, e.target.value),
          };
    },
    trigger: async () => {
      const problems = await bookingProblems(current.current);
      setErrors(problems);
      return Object.keys(problems).length === 0;
    },
    formState: { errors },
    get control() {
      return api;
    },
  };
  return api;
}
