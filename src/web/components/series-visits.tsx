import { Repeat } from 'lucide-react';
import { formatCents } from '../../shared/money';
import { VISIT_STATUS_LABELS } from '../../shared/series';
import type { SeriesView } from '../api/series';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

const TONES = { booked: 'green', skipped: 'neutral', unplaced: 'amber', cancelled: 'red' } as const;

/** A series of repeat visits: its terms and each visit's date and state, with Skip on upcoming booked ones. */
export function SeriesVisits({
  series,
  onSkip,
  busyVisitId,
}: {
  series: SeriesView;
  onSkip?: (visitId: string) => void;
  busyVisitId?: string | null;
}) {
  const now = Date.now();
  return (
    <div className="grid gap-3" data-testid="series-visits">
      <div className="flex flex-wrap items-center gap-2">
        <Repeat className="size-4 text-slate-500" aria-hidden />
        <span className="font-semibold text-slate-900">
          {series.frequency} · {series.serviceName}
        </span>
        {series.status === 'cancelled' && <Badge tone="red">Series cancelled</Badge>}
      </div>
      <p className="text-sm text-slate-600">
        {formatCents(series.visitCents)} a visit
        {series.discountCents > 0 &&
          ` (${series.discountPercent}% off, ${formatCents(series.discountCents)} saved)`}
        , charged after each completed visit.
      </p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {series.visits.map((v) => {
          const upcoming = v.status === 'booked' && v.scheduledAt && new Date(v.scheduledAt).getTime() > now;
          const skippable =
            onSkip &&
            series.status === 'active' &&
            upcoming &&
            ['pending', 'confirmed'].includes(v.bookingStatus ?? '');
          return (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="text-slate-900">{v.when ?? v.occurrenceDate}</p>
                {v.status === 'unplaced' && v.reason && <p className="text-xs text-amber-800">{v.reason}</p>}
                {v.chargeStatus === 'paid' && (
                  <p className="text-xs text-slate-600">Charged {formatCents(v.chargedCents)}</p>
                )}
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={TONES[v.status]}>
                  {v.bookingStatus === 'completed' ? 'Completed' : VISIT_STATUS_LABELS[v.status]}
                </Badge>
                {skippable && (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={busyVisitId === v.id}
                    onClick={() => onSkip(v.id)}
                    aria-label={`Skip the visit of ${v.when ?? v.occurrenceDate}`}
                  >
                    Skip
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
