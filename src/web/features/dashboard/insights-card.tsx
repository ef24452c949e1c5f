import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { INSIGHTS_TEXT } from '../../../shared/insights';
import { formatCalendarDate } from '../../../shared/time';
import { useInsights } from '../../api/insights';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';

/** The Elite weekly digest on the dashboard (docs/decisions/1241): each finding with its figures and one action. */
export function InsightsCard() {
  const insights = useInsights(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-amber-500" aria-hidden="true" />
          {INSIGHTS_TEXT.title}
        </CardTitle>
        {insights.data && (
          <p className="text-sm text-slate-600">
            Week of {formatCalendarDate(insights.data.weekStart, { weekday: false })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {insights.isPending ? (
          <RowsSkeleton rows={3} />
        ) : insights.isError ? (
          <ErrorState
            message="Could not load this week's insights"
            onRetry={() => insights.refetch()}
            retrying={insights.isRefetching}
          />
        ) : insights.data.findings.length === 0 ? (
          <p className="text-sm text-slate-600">{INSIGHTS_TEXT.nothing}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {insights.data.findings.map((f) => (
              <li
                key={f.kind}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <p className="text-sm text-slate-800">{f.text}</p>
                {f.action && (
                  <Button asChild variant="outline" size="sm" className="shrink-0 self-start sm:self-center">
                    <Link to={f.action.href}>{f.action.label}</Link>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
