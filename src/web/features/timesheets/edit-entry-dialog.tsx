import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatDateTime, utcToZoned } from '../../../shared/time';
import { TIMESHEET_TEXT, type TimeEntryFields, timeEntryFormSchema } from '../../../shared/timesheets';
import { type TimeEntry, useEditTimeEntry } from '../../api/timesheets';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

function fieldsOf(entry: TimeEntry, timeZone: string): TimeEntryFields {
  const start = utcToZoned(new Date(entry.startedAt), timeZone);
  const end = entry.endedAt ? utcToZoned(new Date(entry.endedAt), timeZone) : null;
  return {
    startDate: start.date,
    startTime: start.time,
    endDate: end?.date ?? '',
    endTime: end?.time ?? '',
    reason: '',
  };
}

/** The owner corrects an entry's start or end, on the business's clock, and says why (kept in its history). */
export function EditEntryDialog({
  entry,
  technicianName,
  timeZone,
  onClose,
}: {
  entry: TimeEntry | null;
  technicianName: string;
  timeZone: string;
  onClose: () => void;
}) {
  const edit = useEditTimeEntry();
  const schema = useMemo(() => timeEntryFormSchema(timeZone), [timeZone]);
  const form = useForm<TimeEntryFields, unknown, ReturnType<typeof schema.parse>>({
    resolver: zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (entry) form.reset(fieldsOf(entry, timeZone));
  }, [entry, timeZone, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    if (!entry) return;
    try {
      await edit.mutateAsync({ id: entry.id, edit: input });
      toast.success(TIMESHEET_TEXT.saved);
      onClose();
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  });

  return (
    <Dialog open={!!entry} onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent>
        <form onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" noValidate>
          <DialogHeader>
            <DialogTitle>{TIMESHEET_TEXT.editTitle}</DialogTitle>
            <DialogDescription>
              {technicianName}
              {entry?.kind === 'job'
                ? ` · job${entry.customerName ? ` for ${entry.customerName}` : ''}`
                : ' · shift'}
              . Times are on the business's clock.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="grid gap-4">
            <div className="grid grid-cols-2 gap-3">
              <Field id="entry-start-date" label="Start date" error={errors.startDate?.message}>
                <Input type="date" {...form.register('startDate')} />
              </Field>
              <Field id="entry-start-time" label="Start time" error={errors.startTime?.message}>
                <Input type="time" {...form.register('startTime')} />
              </Field>
              <Field id="entry-end-date" label="End date" error={errors.endDate?.message}>
                <Input type="date" {...form.register('endDate')} />
              </Field>
              <Field id="entry-end-time" label="End time" error={errors.endTime?.message}>
                <Input type="time" {...form.register('endTime')} />
              </Field>
            </div>
            <Field id="entry-reason" label="Reason" error={errors.reason?.message}>
              <Textarea rows={2} placeholder="e.g. Forgot to clock out" {...form.register('reason')} />
            </Field>
            {entry && entry.edits.length > 0 && (
              <section aria-labelledby="entry-history" className="rounded-lg bg-slate-50 p-3 text-xs">
                <h3 id="entry-history" className="font-semibold text-slate-800">
                  Changes
                </h3>
                <ul className="mt-1 space-y-1 text-slate-600">
                  {entry.edits.map((e) => (
                    <li key={e.at}>
                      {formatDateTime(e.at, timeZone, { year: false })} · {e.by}: {e.reason}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
