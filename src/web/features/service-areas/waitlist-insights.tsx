import { TrendingUp } from 'lucide-react';
import { useWaitlistInsights } from '../../api/service-areas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';

/** Zips with people waiting and no active area anywhere, most waiters first (§2). */
export function WaitlistInsights({ onAddArea }: { onAddArea: (zip: string) => void }) {
  const { data, isPending, isError, refetch, isRefetching } = useWaitlistInsights();
  return (
    <Card aria-labelledby="insights-title">
      <CardHeader>
        <CardTitle id="insights-title" className="flex items-center gap-2">
          <TrendingUp className="size-4 text-accent" aria-hidden="true" /> Waitlist Insights
        </CardTitle>
        <CardDescription>Zip codes where customers are waiting and nobody serves yet.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <RowsSkeleton rows={3} />
        ) : isError ? (
          <ErrorState message="Failed to fetch data" onRetry={() => refetch()} retrying={isRefetching} />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody is waiting in an unserved zip code right now.</p>
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="waitlist-insights">
            {data.items.map((i) => (
              <li key={i.zipCode} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{i.zipCode}</p>
                  <p className="truncate text-xs text-slate-600">
                    {i.city ? `${i.city}, ${i.stateCode}` : 'Unknown location'}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone="amber">{i.waitingCount} waiting</Badge>
                  {i.hasArea ? (
                    <span className="text-xs text-slate-500">In your areas</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onAddArea(i.zipCode)}
                      aria-label={`Add area ${i.zipCode}`}
                    >
                      Add
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
