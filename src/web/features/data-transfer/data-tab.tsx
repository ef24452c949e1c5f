import { Download, PackageOpen } from 'lucide-react';
import { toast } from 'sonner';
import { DATA_TEXT, EXPORT_KEEP_DAYS } from '../../../shared/data-transfer';
import { formatDateTime } from '../../../shared/time';
import { exportDownloadUrl, useDataExports, useRequestExport } from '../../api/data-transfer';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { Progress } from '../../components/ui/progress';
import { CloseAccountCard } from './close-account-card';

const STATUS_LABEL = { queued: 'Queued', running: 'Building', ready: 'Ready', failed: 'Failed' } as const;
const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1_000_000
      ? `${Math.max(1, Math.round(bytes / 1000))} KB`
      : `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The Data tab of /business-profile: export everything (and, from its own section, close the account). */
export function DataTab() {
  return (
    <div className="space-y-6">
      <ExportCard />
      <CloseAccountCard />
    </div>
  );
}

function ExportCard() {
  const exports = useDataExports();
  const request = useRequestExport();
  const timeZone = useBusinessTimeZone();
  const busy = exports.data?.items.some((e) => e.status === 'queued' || e.status === 'running');

  const start = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success('Export started', { description: DATA_TEXT.exportQueued }),
      onError: (err) => toast.error('Error', { description: err.message }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Export all data</CardTitle>
        <p className="text-sm text-slate-600">
          One .zip with a CSV file each for customers, vehicles, bookings, services, invoices, quotes,
          payments, the loyalty ledger, campaigns, inventory and testimonials, a JSON copy of it all and the
          files you uploaded. We email you when it is ready; it can be downloaded for {EXPORT_KEEP_DAYS} days.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={start} loading={request.isPending} disabled={busy}>
          <PackageOpen /> Export all data
        </Button>
        {exports.isPending ? (
          <RowsSkeleton rows={1} />
        ) : exports.isError ? (
          <ErrorState
            message="Exports could not be loaded."
            onRetry={() => exports.refetch()}
            retrying={exports.isRefetching}
          />
        ) : (
          exports.data.items.length > 0 && (
            <ul aria-label="Exports" className="space-y-2">
              {exports.data.items.map((e) => (
                <li key={e.id} data-testid="data-export" className="rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="text-sm font-medium text-slate-900">
                        Requested {formatDateTime(e.createdAt, timeZone, { year: false })}
                      </p>
                      <p className="text-xs text-slate-600">
                        {e.downloadable && e.expiresAt
                          ? `${sizeText(e.bytes)} · available until ${formatDateTime(e.expiresAt, timeZone, { year: false })}`
                          : e.status === 'ready'
                            ? 'Expired'
                            : e.status === 'failed'
                              ? (e.error ?? DATA_TEXT.exportFailed)
                              : `${e.progress}% done`}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge tone={e.status === 'failed' ? 'red' : e.downloadable ? 'green' : 'neutral'}>
                        {e.status === 'ready' && !e.downloadable ? 'Expired' : STATUS_LABEL[e.status]}
                      </Badge>
                      {e.downloadable && (
                        <Button variant="outline" size="sm" asChild>
                          <a href={exportDownloadUrl(e.id)} download>
                            <Download /> Download
                          </a>
                        </Button>
                      )}
                    </div>
                  </div>
                  {(e.status === 'queued' || e.status === 'running') && (
                    <Progress className="mt-2" value={e.progress} aria-label="Export progress" />
                  )}
                </li>
              ))}
            </ul>
          )
        )}
      </CardContent>
    </Card>
  );
}
