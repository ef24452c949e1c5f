import { ArrowLeft, Inbox, Mail, MessageSquare, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type OutboxChannelFilter, type OutboxMessage, useOutbox } from '../../api/outbox';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { OutboxMessageDialog, sentAt } from './outbox-message-dialog';

const CHANNEL_LABELS: Record<OutboxChannelFilter, string> = {
  all: 'Email and SMS',
  email: 'Email',
  sms: 'SMS',
};

/**
 * /admin/outbox: a mail viewer over everything the platform sent, or stored when SMTP or Twilio is not set
 * (issue 25): newest first, searched by recipient, each message opened with its HTML, text and headers.
 */
export function AdminOutboxPage() {
  const [search, setSearch] = useState('');
  const [channel, setChannel] = useState<OutboxChannelFilter>('all');
  const q = useDebouncedValue(search.trim());
  const messages = useOutbox(q, channel);
  const [openId, setOpenId] = useState<string | null>(null);
  const filtered = Boolean(q) || channel !== 'all';

  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Outbox"
        description="Every email and SMS ShineRoute sent, or stored when SMTP or Twilio is not set. Open one to read it."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="outbox-search">Search recipients</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              id="outbox-search"
              type="search"
              className="pl-9"
              placeholder="Email address or phone number"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="outbox-channel">Show</Label>
          <Select value={channel} onValueChange={(v) => setChannel(v as OutboxChannelFilter)}>
            <SelectTrigger id="outbox-channel">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(CHANNEL_LABELS) as OutboxChannelFilter[]).map((c) => (
                <SelectItem key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {messages.isPending ? (
        <RowsSkeleton rows={6} />
      ) : messages.isError ? (
        <ErrorState
          message="Failed to load the outbox"
          onRetry={() => messages.refetch()}
          retrying={messages.isRefetching}
        />
      ) : messages.items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={filtered ? 'No messages match' : 'No messages yet'}
          description={
            filtered
              ? 'Try another address, number or channel.'
              : 'Emails and SMS appear here as ShineRoute sends them: sign-ups, bookings, invitations, campaigns.'
          }
        />
      ) : (
        <>
          <ul
            className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white"
            aria-label="Messages"
          >
            {messages.items.map((m) => (
              <MessageRow key={m.id} message={m} onOpen={() => setOpenId(m.id)} />
            ))}
          </ul>
          <LoadMore list={messages} />
        </>
      )}
      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function MessageRow({ message: m, onOpen }: { message: OutboxMessage; onOpen: () => void }) {
  const Icon = m.channel === 'sms' ? MessageSquare : Mail;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
        data-testid="outbox-row"
      >
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon className="size-4" aria-hidden="true" />
          <span className="sr-only">{m.channel === 'sms' ? 'SMS' : 'Email'}</span>
        </span>
        <span className="min-w-0 flex-1">
          {/* Phones: the date under the recipient, so a long address keeps its width. */}
          <span className="flex flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
            <span className="truncate text-sm font-medium text-slate-900">{m.to}</span>
            <span className="shrink-0 text-xs text-slate-500 tabular-nums">{sentAt(m.createdAt)}</span>
          </span>
          <span className="block truncate text-sm font-semibold text-slate-800">{m.subject ?? m.body}</span>
          {m.subject && <span className="block truncate text-sm text-slate-600">{m.body}</span>}
        </span>
        {m.transport === 'stored' && (
          <Badge tone="amber" className="mt-0.5 hidden shrink-0 sm:inline-flex">
            Not delivered
          </Badge>
        )}
      </button>
    </li>
  );
}
