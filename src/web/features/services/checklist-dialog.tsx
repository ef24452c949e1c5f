import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type ChecklistDefinitionsInput,
  checklistDefinitionsInputSchema,
  MAX_CHECKLIST_ITEMS,
} from '../../../shared/field';
import { type Service, useSaveServiceChecklist, useServiceChecklist } from '../../api/services';
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
import { failureMessage } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';

type Form = ChecklistDefinitionsInput;

/**
 * The owner's checklist of a service (issue 26): what the technician ticks on its jobs in the field app, in order.
 * Saved whole (PUT /api/services/{id}/checklist): kept items keep their id, so the ticks of past jobs stay theirs.
 */
export function ChecklistDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const checklist = useServiceChecklist(service?.id ?? null);
  const save = useSaveServiceChecklist();
  const form = useForm<Form>({
    resolver: zodResolver(checklistDefinitionsInputSchema),
    defaultValues: { items: [] },
  });
  // rhf's own row key is not `id`: the items' ids are the server's.
  const items = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const { errors, isSubmitting } = form.formState;

  const loaded = checklist.data;
  useEffect(() => {
    if (loaded) form.reset({ items: loaded.items.map(({ id, label }) => ({ id, label })) });
  }, [loaded, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!service) return;
    try {
      await save.mutateAsync({ id: service.id, items: values.items });
      toast.success('Success', { description: 'Checklist saved' });
      onClose();
    } catch (err) {
      toast.error('Error', {
        description: failureMessage(err, 'Failed to save the checklist'),
      });
    }
  });

  const full = items.fields.length >= MAX_CHECKLIST_ITEMS;
  return (
    <Dialog open={service !== null} onOpenChange={(o) => !o && !isSubmitting && onClose()}>
      <DialogContent size="md">
        <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
          <DialogHeader>
            <DialogTitle>Checklist · {service?.name}</DialogTitle>
            <DialogDescription>
              Your technicians tick these on every {service?.name} job in the field app, in this order.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="grid gap-3">
            {checklist.isPending ? (
              <RowsSkeleton rows={3} />
            ) : checklist.isError ? (
              <ErrorState
                message="Could not load the checklist"
                onRetry={() => checklist.refetch()}
                retrying={checklist.isFetching}
              />
            ) : (
              <>
                {items.fields.length === 0 ? (
                  <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
                    No checklist yet. Add the steps a technician should not skip, such as “Walk around the
                    vehicle with the customer”.
                  </p>
                ) : (
                  <ol className="grid gap-2">
                    {items.fields.map((f, i) => {
                      const error = errors.items?.[i]?.label?.message;
                      const inputId = `checklist-item-${i}`;
                      return (
                        <li key={f.key} className="grid gap-1">
                          <div className="flex flex-wrap items-center gap-1.5">
                            <label
                              htmlFor={inputId}
                              className="w-6 shrink-0 text-right text-sm tabular-nums text-slate-500"
                            >
                              <span className="sr-only">Item </span>
                              {i + 1}
                            </label>
                            <Input
                              id={inputId}
                              autoComplete="off"
                              className="min-w-0 flex-1 basis-[calc(100%-2.5rem)] sm:basis-0"
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${inputId}-error` : undefined}
                              {...form.register(`items.${i}.label`)}
                            />
                            {/* On a phone the buttons go under the label, which keeps the width to be read. */}
                            <div className="ml-auto flex">
                              <Button
                                type="button"
                                variant="ghost"
                                size="icon"
                                disabled={i === 0}
                                onClick={() => items.move(i, i - 1)}
                                aria-label={`Move item ${i + 1} up`}
                              >
                                <ArrowUp />
                              </Button>
                              <Button
                                type="button"
                                variant="ghost"
                                size="icon"
                                disabled={i === items.fields.length - 1}
                                onClick={() => items.move(i, i + 1)}
                                aria-label={`Move item ${i + 1} down`}
                              >
                                <ArrowDown />
                              </Button>
                              <Button
                                type="button"
                                variant="ghost"
                                size="icon"
                                className="text-red-600 hover:bg-red-50"
                                onClick={() => items.remove(i)}
                                aria-label={`Remove item ${i + 1}`}
                              >
                                <Trash2 />
                              </Button>
                            </div>
                          </div>
                          {error && (
                            <p id={`${inputId}-error`} role="alert" className="pl-8 text-sm text-red-700">
                              {error}
                            </p>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                )}
                {errors.items?.root?.message && (
                  <p role="alert" className="text-sm text-red-700">
                    {errors.items.root.message}
                  </p>
                )}
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  disabled={full}
                  onClick={() =>
                    items.append({ label: '' }, { focusName: `items.${items.fields.length}.label` })
                  }
                >
                  <Plus /> Add item
                </Button>
                {full && (
                  <p className="text-sm text-slate-600">
                    A checklist has at most {MAX_CHECKLIST_ITEMS} items.
                  </p>
                )}
              </>
            )}
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!loaded}>
              Save checklist
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
