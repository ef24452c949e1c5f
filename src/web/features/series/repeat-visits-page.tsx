import { AlertTriangle, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money';
import { formatCalendarDate, formatSlot } from '../../../shared/time';
import { type FlaggedVisit, type SeriesListItem, useSeriesList } from '../../api/series';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { RepeatTermsSection } from './repeat-terms-section';

/**
 * /repeat-visits (issue 32): every series of repeat visits (customer, service, frequency, next visit, status), the
 * upcoming dates that could not be placed, and which services are repeatable at what discount.
 */
export function RepeatVisitsPage() {
  return (
    <div>
      <PageHeader
        title="Repeat visits"
        description="Customers booked every 1, 2 or 4 weeks, and the visits that need your attention."
        actions={
          <Button asChild variant="outline">
            <Link to="/bookings?view=day">Weather move</Link>
          </Button>
        }
      />
      <SeriesSection />
      <RepeatTermsSection />
    </div>
  );
}

function SeriesSection() {
  const list = useSeriesList();
  return (
    <>
      {list.isPending ? (
        <Card className="mb-8 p-4">
          <RowsSkeleton rows={3} />
        </Card>
      ) : list.isError ? (
        <div className="mb-8">
          <ErrorState
            message="Failed to fetch repeat visits"
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        </div>
      ) : (
        <>
          {list.data.flagged.length > 0 && <FlaggedList flagged={list.data.flagged} />}
          <section aria-labelledby="series-heading" className="mb-8">
            <h2 id="series-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Series
            </h2>
            {list.data.items.length === 0 ? (
              <EmptyState
                icon={Repeat}
                title="No repeat visits yet"
                description="Make a service repeatable below; customers then choose every 1, 2 or 4 weeks on your booking page, and you can from New booking."
              />
            ) : (
              <ul className="grid gap-3" aria-label="Series of repeat visits">
                {list.data.items.map((s) => (
                  <SeriesRow key={s.id} series={s} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}

function SeriesRow({ series: s }: { series: SeriesListItem }) {
  return (
    <li>
      <Card className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="series-row">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="break-words font-semibold text-slate-900">{s.customerName}</p>
            <Badge tone={s.status === 'active' ? 'green' : 'neutral'}>
              {s.status === 'active' ? 'Active' : 'Cancelled'}
            </Badge>
            {s.flagged > 0 && <Badge tone="amber">{s.flagged} could not be placed</Badge>}
          </div>
          <p className="mt-0.5 break-words text-sm text-slate-600">
            {s.serviceName} · {s.frequency} · {formatCents(s.visitCents)} a visit
            {s.discountPercent > 0 && ` (${s.discountPercent}% off)`}
          </p>
        </div>
        <p className="text-sm text-slate-700 sm:text-right">
          <span className="block text-xs text-slate-500">Next visit</span>
          <span data-testid="series-next">{s.nextVisit ?? '—'}</span>
        </p>
      </Card>
    </li>
  );
}

function FlaggedList({ flagged }: { flagged: FlaggedVisit[] }) {
  return (
    <section aria-labelledby="flagged-heading" className="mb-8">
      <h2 id="flagged-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <AlertTriangle className="size-5 text-amber-600" aria-hidden="true" />
        Visits that could not be placed
      </h2>
      <ul className="grid gap-2" aria-label="Visits that could not be placed">
        {flagged.map((f) => (
          <li
            key={f.visitId}
            className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm"
            data-testid="flagged-visit"
          >
            <p className="font-medium text-slate-900">
              {formatCalendarDate(f.occurrenceDate)} at {formatSlot(f.localTime)} · {f.customerName}
            </p>
            <p className="text-slate-700">
              {f.serviceName}
              {f.reason && ` — ${f.reason}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
