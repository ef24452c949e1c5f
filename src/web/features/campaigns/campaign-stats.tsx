import { Eye, Megaphone, Send, Users } from 'lucide-react';
import { DEFAULT_OPEN_RATE_TEXT } from '../../../shared/campaigns';
import { useCampaignStats } from '../../api/campaigns';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

/** §2's four cards; Avg. Open Rate is measured, "68%" only until a campaign email has been delivered. */
export function CampaignStats() {
  const { data, isPending } = useCampaignStats();
  const cards = [
    { label: 'Total Campaigns', value: data?.totalCampaigns.toLocaleString(), icon: Megaphone },
    { label: 'Messages Sent', value: data?.messagesSent.toLocaleString(), icon: Send },
    { label: 'Active Customers', value: data?.activeCustomers.toLocaleString(), icon: Users },
    {
      label: 'Avg. Open Rate',
      value: data
        ? data.openRatePercent === null
          ? DEFAULT_OPEN_RATE_TEXT
          : `${data.openRatePercent}%`
        : undefined,
      icon: Eye,
    },
  ];
  return (
    <section aria-label="Campaign totals" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="p-4 sm:p-5">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          </div>
          {isPending ? (
            <Skeleton className="mt-3 h-8 w-16" />
          ) : (
            <p
              className="mt-2 text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl"
              data-testid={`stat-${label}`}
            >
              {value ?? '—'}
            </p>
          )}
        </Card>
      ))}
    </section>
  );
}
