import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type WeatherMoveInput, weatherMoveSchema } from '../../../shared/series.schemas';
import { addDays, formatCalendarDate } from '../../../shared/time';
import { useWeatherMove, useWeatherPreview } from '../../api/series';
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
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { RowsSkeleton } from '../../components/ui/list-states';

const visits = (n: number) => `${n} visit${n === 1 ? '' : 's'}`;

/**
 * Rain (issue 32, decision 1326): the owner picks the day and the new day, previews where each of the day's bookings
 * would go (repeat visits and one-offs), unticks any to leave, and confirms; each moves at its own time or the nearest
 * free one, one that fits nowhere stays and is flagged, and each moved customer is told once (the weather-move API).
 */
export function WeatherMoveDialog({
  fromDate,
  timeZone,
  onClose,
  onMoved,
}: {
  fromDate: string;
  timeZone: string;
  onClose: () => void;
  onMoved: (toDate: string) => void;
}) {
  const form = useForm<WeatherMoveInput>({
    resolver: zodResolver(weatherMoveSchema),
    defaultValues: { fromDate, toDate: addDays(fromDate, 1) },
  });
  const { errors } = form.formState;
  const [asked, setAsked] = useState<WeatherMoveInput | null>(null);
  const preview = useWeatherPreview(asked);
  const move = useWeatherMove();
  const items = preview.data?.items ?? [];
  // Every booking of the day is ticked; the owner may leave some where they are.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const chosen = items.filter((i) => !left.has(i.bookingId));
  const movable = chosen.filter((i) => i.to !== null).length;
  // A chosen booking that fits nowhere on the new day stays, flagged "Needs a new time", and its customer is asked to
  // pick one (decision 1345): the owner can confirm a move that only does that.
  const staying = chosen.length - movable;

  const onPreview = form.handleSubmit((v) => {
    setLeft(new Set());
    setAsked(v);
  });
  const confirm = async () => {
    if (!asked) return;
    try {
      const result = await move.mutateAsync(
        left.size > 0 ? { ...asked, bookingIds: chosen.map((i) => i.bookingId) } : asked,
      );
      const moved = `${visits(result.moved.length)} moved`;
      toast.success('Success', {
        description:
          result.notMoved.length > 0
            ? `${moved}; ${visits(result.notMoved.length)} stayed (no free time on the new day), ${result.notMoved.length === 1 ? 'its customer' : 'their customers'} asked to pick a new time`
            : `${moved}; each customer is told`,
      });
      // Nothing moved: the owner stays on the day, where the flagged bookings are.
      onMoved(result.moved.length > 0 ? asked.toDate : asked.fromDate);
      onClose();
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !move.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Weather move</DialogTitle>
          <DialogDescription>
            Move a day’s bookings to another day, each at its time or the nearest free one. Each customer is
            told by email.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onPreview} noValidate className="flex min-h-0 flex-1 flex-col">
          <DialogBody className="grid gap-4">
            <div className="grid grid-cols-2 gap-3">
              <Field id="weather-from" label="Day to move" error={errors.fromDate?.message}>
                <Input type="date" {...form.register('fromDate', { onChange: () => setAsked(null) })} />
              </Field>
              <Field id="weather-to" label="New day" error={errors.toDate?.message}>
                <Input type="date" {...form.register('toDate', { onChange: () => setAsked(null) })} />
              </Field>
            </div>
            <p className="text-xs text-slate-500">Times are in {timeZone.replaceAll('_', ' ')}.</p>
            {asked && (
              <section aria-labelledby="weather-preview" className="grid gap-2">
                <h3 id="weather-preview" className="text-sm font-semibold text-slate-900">
                  Bookings on {formatCalendarDate(asked.fromDate)}
                </h3>
                {preview.isPending ? (
                  <RowsSkeleton rows={2} />
                ) : preview.isError ? (
                  <p role="alert" className="text-sm text-red-700">
                    {preview.error.message}
                  </p>
                ) : items.length === 0 ? (
                  <p className="text-sm text-slate-600">No bookings to move on this day.</p>
                ) : (
                  <ul
                    className="divide-y divide-slate-200 rounded-lg border border-slate-200"
                    aria-label="Visits to move"
                  >
                    {items.map((i) => (
                      <li
                        key={i.bookingId}
                        className="grid gap-0.5 px-3 py-2 text-sm"
                        data-testid="weather-visit"
                      >
                        <label className="flex items-start gap-2 break-words font-medium text-slate-900">
                          <input
                            type="checkbox"
                            className="mt-1 size-4 accent-navy-900"
                            checked={!left.has(i.bookingId)}
                            onChange={(e) =>
                              setLeft((was) => {
                                const next = new Set(was);
                                if (e.target.checked) next.delete(i.bookingId);
                                else next.add(i.bookingId);
                                return next;
                              })
                            }
                          />
                          <span>
                            {i.customerName} · {i.serviceName}
                          </span>
                        </label>
                        <p className="text-slate-600">{i.from}</p>
                        {i.to ? (
                          <p className="text-slate-900">→ {i.to}</p>
                        ) : (
                          <p className="text-amber-800">
                            Stays: {(i.reason ?? '').replace(/\.?$/, '.')} The customer is asked to pick a new
                            time.
                          </p>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={move.isPending}>
              Cancel
            </Button>
            {asked && preview.isSuccess && chosen.length > 0 ? (
              <Button type="button" onClick={confirm} loading={move.isPending}>
                {movable > 0 ? `Move ${visits(movable)}` : `Ask for a new time (${visits(staying)})`}
              </Button>
            ) : (
              <Button type="submit">Preview</Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
