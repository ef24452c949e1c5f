import type * as React from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from './button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';

/**
 * The owner's form dialogs in one shape: a title and description, the fields, then Cancel and the submit button.
 * While the form submits the dialog cannot be closed (Escape, the overlay, the X and Cancel alike), so a save in
 * flight is never abandoned half-seen; the submit button shows its spinner.
 */
export function FormDialog({
  open,
  onOpenChange,
  submitting,
  onSubmit,
  title,
  description,
  submitLabel,
  size,
  bodyClassName = 'grid gap-4',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  submitting: boolean;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  title: React.ReactNode;
  description: React.ReactNode;
  submitLabel: React.ReactNode;
  size?: React.ComponentProps<typeof DialogContent>['size'];
  bodyClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent size={size}>
        <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogBody className={bodyClassName}>{children}</DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The message of a failed save for its toast: the server's clear message when there is one, else `fallback`. */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The submit of a save dialog: valid values are saved, then a "Success" toast with what `save` answers and the dialog
 * closes; a failed save shows the server's message in an "Error" toast and keeps the dialog open; invalid fields show
 * `invalid` in an "Error" toast beside their messages.
 */
export function useSaveDialog<T extends FieldValues, Out = T>(
  form: UseFormReturn<T, unknown, Out>,
  {
    save,
    invalid,
    onOpenChange,
  }: {
    /** Saves the values; answers the success toast's text. */
    save: (values: Out) => Promise<string>;
    invalid: string;
    onOpenChange: (open: boolean) => void;
  },
) {
  return form.handleSubmit(
    async (values) => {
      try {
        const done = await save(values);
        toast.success('Success', { description: done });
        onOpenChange(false);
      } catch (e) {
        toast.error('Error', { description: (e as Error).message });
      }
    },
    () => toast.error('Error', { description: invalid }),
  );
}
