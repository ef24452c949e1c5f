import * as React from 'react';
import { cn } from '../../lib/class-merge';

/**
 * A plain <label> doing what Radix Label did (docs/decisions/0914): a double click on it does not select its text,
 * unless it lands on a control inside it.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers tie it to their control with htmlFor (Field, InlineField).
    <label
      className={cn('text-sm font-medium text-slate-800', className)}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}

const FieldContext = React.createContext<{ id: string; invalid: boolean } | null>(null);

/**
 * The attributes that tie a control to the Field around it: its id (for the label), aria-invalid and
 * aria-describedby (the inline error) while there is an error. Props the caller passes win.
 */
export function useFieldControlProps() {
  const field = React.useContext(FieldContext);
  if (!field) return {};
  return {
    id: field.id,
    'aria-invalid': field.invalid || undefined,
    'aria-describedby': field.invalid ? `${field.id}-error` : undefined,
  };
}

/** A labelled field with an inline error; the error is announced and linked to its Input or Textarea. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <FieldContext.Provider value={{ id, invalid: Boolean(error) }}>{children}</FieldContext.Provider>
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Switch or Checkbox with its label beside it (the control takes the id from here, like Field's controls).
 * One row: control, label; the inline error under it.
 */
export function InlineField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <FieldContext.Provider value={{ id, invalid: Boolean(error) }}>{children}</FieldContext.Provider>
        <Label htmlFor={id}>{label}</Label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
