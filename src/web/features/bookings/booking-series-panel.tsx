import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { bookingSeriesQuery } from '../../api/series';
import { SeriesVisits } from '../../components/series-visits';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

/** The owner's view of a booking's repeat visits (issue 32): skip one visit or cancel the series from the booking. */
export function BookingSeriesPanel({ bookingId }: { bookingId: string }) {
  const query = bookingSeriesQuery(bookingId);
  const series = useQuery(query);
  const [confirm, setConfirm] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.series.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
  };
  const s = series.data?.series;
  const skip = useMutation({
    mutationFn: (visitId: string) =>
      unwrap(api.api.series[':id'].visits[':visitId'].skip.$post({ param: { id: s?.id ?? '', visitId } })),
    onSuccess: () => {
      refresh();
      toast.success('Success', { description: 'The visit is skipped' });
    },
    onError: (e) => toast.error('Error', { description: e.message }),
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.api.series[':id'].cancel.$post({ param: { id: s?.id ?? '' } })),
    onSuccess: () => {
      refresh();
      setConfirm(false);
      toast.success('Success', { description: 'The repeat visits are cancelled' });
    },
    onError: (e) => {
      setConfirm(false);
      toast.error('Error', { description: e.message });
    },
  });
  if (!s) return null;
  return (
    <section aria-labelledby="series-title" className="grid gap-2">
      <h3 id="series-title" className="text-sm font-semibold text-slate-900">
        Repeat visits of {s.customerName}
      </h3>
      <SeriesVisits
        series={s}
        onSkip={(id) => skip.mutate(id)}
        busyVisitId={skip.isPending ? (skip.variables ?? null) : null}
      />
      {s.status === 'active' && (
        <div>
          <Button size="sm" variant="outline" onClick={() => setConfirm(true)}>
            Cancel the series
          </Button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title="Cancel these repeat visits?"
            description="Every upcoming visit of the series is cancelled; completed ones stay."
            confirmLabel="Cancel the series"
            cancelLabel="Keep it"
            busy={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        </div>
      )}
    </section>
  );
}
