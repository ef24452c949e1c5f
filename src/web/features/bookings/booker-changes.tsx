import { toast } from 'sonner';
import { BOOKER_TEXT } from '../../../shared/booker-details';
import { type BookingDetail, useMergeBooker } from '../../api/bookings';
import { Button } from '../../components/ui/button';

/**
 * What the person booking online entered where it differs from the customer's record (decision 0936): the record
 * was left as it was; the owner may update it from the booking.
 */
export function BookerChanges({ booking }: { booking: BookingDetail }) {
  const merge = useMergeBooker();
  if (booking.bookerChanges.length === 0) return null;
  return (
    <section
      aria-labelledby="booker-title"
      className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <h3 id="booker-title" className="font-semibold text-slate-900">
        {BOOKER_TEXT.title}
      </h3>
      <p className="text-slate-700">{BOOKER_TEXT.description}</p>
      <dl className="grid gap-2">
        {booking.bookerChanges.map((c) => (
          <div key={c.field} className="grid gap-0.5">
            <dt className="font-medium text-slate-900">{BOOKER_TEXT.labels[c.field]}</dt>
            <dd className="break-words text-slate-900">
              {BOOKER_TEXT.bookerColumn}: {c.booker}
            </dd>
            <dd className="break-words text-slate-600">
              {BOOKER_TEXT.customerColumn}: {c.customer ?? BOOKER_TEXT.none}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <Button
          variant="outline"
          loading={merge.isPending}
          onClick={() =>
            merge.mutate(booking.id, {
              onSuccess: () =>
                toast.success(BOOKER_TEXT.merged, { description: BOOKER_TEXT.mergedDescription }),
              onError: (e) => toast.error('Error', { description: e.message }),
            })
          }
        >
          {BOOKER_TEXT.merge}
        </Button>
      </div>
    </section>
  );
}
