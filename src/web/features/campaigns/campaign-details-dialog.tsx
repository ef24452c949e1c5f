import { formatDateTime } from '../../../shared/time';
import { type Campaign, useRecipients } from '../../api/campaigns';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { CampaignStatusBadge } from './campaign-status-badge';

const SEND_TONES = { pending: 'amber', sending: 'violet', sent: 'green', failed: 'red' } as const;
const SEND_LABELS: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Delivered',
  failed: 'Failed',
};

/** View Details: each recipient's delivery status, opens and clicks. */
export function CampaignDetailsDialog({
  campaign,
  onOpenChange,
}: {
  campaign: Campaign | null;
  onOpenChange: (open: boolean) => void;
}) {
  const timeZone = useBusinessTimeZone();
  const recipients = useRecipients(campaign?.id ?? null);
  const rows = recipients.items;
  return (
    <Dialog open={campaign !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{campaign?.name}</DialogTitle>
          <DialogDescription>
            {campaign && (
              <span className="flex flex-wrap items-center gap-2">
                <CampaignStatusBadge status={campaign.status} />
                {campaign.sentCount} sent · {campaign.failedCount} failed · {campaign.skippedCount} skipped
                (no consent)
              </span>
            )}
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {campaign?.failureReason && (
            <p className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="status">
              {campaign.failureReason}
            </p>
          )}
          {campaign?.status === 'draft' ? (
            <p className="text-sm text-slate-600">This campaign is a draft: press Send Now to send it.</p>
          ) : recipients.isPending ? (
            <RowsSkeleton rows={3} />
          ) : recipients.isError ? (
            <ErrorState
              message="Failed to load recipients"
              onRetry={() => recipients.refetch()}
              retrying={recipients.isFetching}
            />
          ) : rows.length === 0 ? (
            <p className="text-sm text-slate-600">No recipients yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Recipients">
              {rows.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
                  data-testid="recipient-row"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{r.customerName}</p>
                    <p className="break-all text-sm text-slate-600">{r.to}</p>
                    {r.error && <p className="text-xs text-red-700">{r.error}</p>}
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <Badge tone={SEND_TONES[r.status as keyof typeof SEND_TONES] ?? 'neutral'}>
                      {SEND_LABELS[r.status] ?? r.status}
                    </Badge>
                    {r.sentAt && <span>{formatDateTime(r.sentAt, timeZone)}</span>}
                    {campaign?.type === 'email' && (
                      <span>
                        {r.openCount} {r.openCount === 1 ? 'open' : 'opens'} · {r.clickCount}{' '}
                        {r.clickCount === 1 ? 'click' : 'clicks'}
                      </span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={recipients} />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
