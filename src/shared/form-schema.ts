import { z } from 'zod';

/**
 * A form's schema: its fields as typed (text for numbers and dates), then the API's own input schema on what
 * `toInput` makes of them, so the form and the server check the same rules with the same messages. Each API issue
 * is reported on the form field it concerns (`fieldOf` renames API keys, e.g. basePriceCents → price).
 */
export function formSchema<F extends z.ZodType, I extends z.ZodType>(
  fields: F,
  input: I,
  toInput: (form: z.output<F>) => unknown,
  fieldOf: Record<string, string> = {},
) {
  return fields.transform((form, ctx): z.output<I> => {
    const parsed = input.safeParse(toInput(form));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [head] = issue.path;
      const renamed = head === undefined ? undefined : fieldOf[String(head)];
      ctx.addIssue({ code: 'custom', message: issue.message, path: renamed ? [renamed] : issue.path });
    }
    return z.NEVER;
  });
}
