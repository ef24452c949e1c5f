import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { manageSeriesQuery } from '../../api/series';
import { SeriesVisits } from '../../components/series-visits';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

/** The manage page's repeat visits (issue 32): the series this booking belongs to; skip a visit or cancel it all. */
export function ManageSeries({ token }: { token: string }) {
  const query = manageSeriesQuery(token);
  const series = useQuery(query);
  const [confirm, setConfirm] = useState(false);
  const onDone = (data: Awaited<ReturnType<NonNullable<typeof query.queryFn>>>) => {
    queryClient.setQueryData(query.queryKey, data);
    void queryClient.invalidateQueries({ queryKey: queryKeys.manage.booking(token) });
  };
  const skip = useMutation({
    mutationFn: (visitId: string) =>
      unwrap(
        api.api.public.series.manage[':token'].visits[':visitId'].skip.$post({ param: { token, visitId } }),
      ),
    onSuccess: (data) => {
      onDone(data);
      toast.success('Success', { description: 'The visit is skipped' });
    },
    onError: (e) => toast.error('Error', { description: e.message }),
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.api.public.series.manage[':token'].cancel.$post({ param: { token } })),
    onSuccess: (data) => {
      onDone(data);
      setConfirm(false);
      toast.success('Success', { description: 'Your repeat visits are cancelled' });
    },
    onError: (e) => {
      setConfirm(false);
      toast.error('Error', { description: e.message });
    },
  });
  const s = series.data?.series;
  if (!s) return null;
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Your repeat visits</h2>
      <SeriesVisits
        series={s}
        onSkip={(id) => skip.mutate(id)}
        busyVisitId={skip.isPending ? (skip.variables ?? null) : null}
      />
      {s.status === 'active' && (
        <div>
          <Button variant="outline" onClick={() => setConfirm(true)}>
            Cancel all repeat visits
          </Button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title="Cancel your repeat visits?"
            description="Every upcoming visit is cancelled. Nothing more is charged."
            confirmLabel="Cancel repeat visits"
            cancelLabel="Keep them"
            busy={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        </div>
      )}
    </Card>
  );
}
