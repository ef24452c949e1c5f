import { Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money';
import { formatPercent } from '../../../shared/percent';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

export interface RecurringFigures {
  mrrCents: number;
  members: { active: number; held: number; suspended: number };
  churn: { cancelledThisMonth: number; activeAtMonthStart: number; rate: number | null };
  upcomingPlanVisits: number;
  upcomingDays: number;
}

/** The dashboard's Memberships card (decision 1262): shown only when the business has plans. */
export function MembershipsCard({ figures }: { figures: RecurringFigures }) {
  const { members, churn } = figures;
  const items = [
    { label: 'Monthly recurring revenue', value: formatCents(figures.mrrCents), id: 'mrr' },
    {
      label: 'Active members',
      value: String(members.active),
      hint: `${members.held} on hold · ${members.suspended} suspended`,
      id: 'members',
    },
    {
      label: 'Churn this month',
      value: formatPercent(churn.rate),
      hint:
        churn.rate === null
          ? 'No members on the 1st'
          : `${churn.cancelledThisMonth} of ${churn.activeAtMonthStart} cancelled`,
      id: 'churn',
    },
    {
      label: 'Upcoming plan visits',
      value: String(figures.upcomingPlanVisits),
      hint: `Next ${figures.upcomingDays} days`,
      id: 'plan-visits',
    },
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Repeat className="size-5 text-slate-500" aria-hidden="true" />
          Memberships
        </CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/plans">View plans</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {items.map((i) => (
            <div key={i.id}>
              <dt className="text-sm text-slate-600">{i.label}</dt>
              <dd
                className="mt-1 text-2xl font-bold tabular-nums text-slate-900"
                data-testid={`memberships-${i.id}`}
              >
                {i.value}
              </dd>
              {i.hint && <dd className="text-xs text-slate-600">{i.hint}</dd>}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
