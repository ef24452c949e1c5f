import { z } from 'zod';

/**
 * An optional text field: trimmed, at most `max` characters, and stored as null when empty or missing (the spec's
 * "empty phone, address and notes are stored as null"). The one definition every form schema uses.
 */
export const optionalText = (max: number, message = `Please keep this under ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
