import { Eye, Mail, MessageSquare, Send } from 'lucide-react';
import { formatDate } from '../../../shared/time';
import type { Campaign } from '../../api/campaigns';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CampaignStatusBadge } from './campaign-status-badge';

/** §2's campaign row: type icon, name, subject (email), created date, status, message, recipients, sent, delivery rate. */
export function CampaignList({
  campaigns,
  sendingId,
  onSend,
  onDetails,
}: {
  campaigns: Campaign[];
  sendingId: string | null;
  onSend: (c: Campaign) => void;
  onDetails: (c: Campaign) => void;
}) {
  const timeZone = useBusinessTimeZone();
  return (
    <ul className="grid gap-3">
      {campaigns.map((c) => {
        const Icon = c.type === 'sms' ? MessageSquare : Mail;
        return (
          <li key={c.id}>
            <Card className="p-4 sm:p-5" data-testid="campaign-row" aria-label={c.name}>
              <div className="flex flex-wrap items-start gap-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft"
                  title={c.type === 'sms' ? 'SMS' : 'Email'}
                >
                  <Icon
                    className="size-5 text-accent"
                    aria-label={c.type === 'sms' ? 'SMS campaign' : 'Email campaign'}
                  />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{c.name}</h3>
                    <CampaignStatusBadge status={c.status} />
                  </div>
                  {c.type === 'email' && c.subject && (
                    <p className="text-sm text-slate-700">Subject: {c.subject}</p>
                  )}
                  <p className="text-xs text-slate-500">
                    Created {formatDate(c.createdAt, timeZone, { weekday: false, month: 'numeric' })}
                  </p>
                  <p className="mt-2 line-clamp-2 text-sm break-words text-slate-600">{c.message}</p>
                  <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                    <div className="flex gap-1">
                      <dt className="text-slate-500">Recipients:</dt>
                      <dd className="font-medium tabular-nums">{c.recipientCount}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt className="text-slate-500">Sent:</dt>
                      <dd className="font-medium tabular-nums">{c.sentCount}</dd>
                    </div>
                    {c.deliveryRatePercent !== null && (
                      <div className="flex gap-1">
                        <dt className="text-slate-500">Delivery rate:</dt>
                        <dd className="font-medium tabular-nums">{c.deliveryRatePercent}%</dd>
                      </div>
                    )}
                  </dl>
                  {c.status === 'failed' && c.failureReason && (
                    <p className="mt-2 text-sm text-red-700">{c.failureReason}</p>
                  )}
                </div>
                <div className="flex w-full gap-2 sm:w-auto sm:flex-col">
                  {c.status === 'draft' && (
                    <Button
                      size="sm"
                      onClick={() => onSend(c)}
                      loading={sendingId === c.id}
                      aria-label={`Send Now: ${c.name}`}
                    >
                      <Send /> Send Now
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onDetails(c)}
                    aria-label={`View details of ${c.name}`}
                  >
                    <Eye /> View Details
                  </Button>
                </div>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
