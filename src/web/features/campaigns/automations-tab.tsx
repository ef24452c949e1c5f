import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, Mail, MessageSquare, RotateCcw, Star } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AUTOMATION_TEXT, automationSettingsSchema, messageKindLabel } from '../../../shared/messaging';
import { formatDateTime } from '../../../shared/time';
import {
  type AutomationSettings,
  type LogEntry,
  useAutomationSettings,
  useMessageLog,
  useSaveAutomations,
} from '../../api/automations';
import { useTemplates } from '../../api/campaigns';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Field, Label } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { ChannelSelect } from './channel-select';
import { EmailHint, SmsHint } from './sms-hint';

type FormInput = z.input<typeof automationSettingsSchema>;
type FormOutput = z.output<typeof automationSettingsSchema>;

const toForm = (s: AutomationSettings): FormInput => ({
  ...s,
  reviewLink: s.reviewLink ?? '',
  winbackSubject: s.winbackSubject ?? '',
});

/** The Automations tab of /campaigns: reminders, review requests, win-back, and the log of what was sent. */
export function AutomationsTab() {
  const settings = useAutomationSettings();
  return (
    <div className="grid gap-6">
      {settings.isPending ? (
        <RowsSkeleton rows={3} />
      ) : settings.isError ? (
        <ErrorState
          message="Failed to load automations"
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <AutomationsForm settings={settings.data} />
      )}
      <MessageLog />
    </div>
  );
}

function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function AutomationsForm({ settings }: { settings: AutomationSettings }) {
  const save = useSaveAutomations();
  const templates = useTemplates();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(automationSettingsSchema),
    defaultValues: toForm(settings),
  });
  const { errors, isSubmitting } = form.formState;
  const [winback, channel, message] = useWatch({
    control: form.control,
    name: ['winback', 'winbackChannel', 'winbackMessage'],
  });

  useEffect(() => {
    form.reset(toForm(settings));
  }, [settings, form]);

  const onSubmit = form.handleSubmit(async (json) => {
    try {
      await save.mutateAsync(json);
      toast.success('Success', { description: AUTOMATION_TEXT.saved });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  });

  const switchField = (
    name: 'reminder24h' | 'reminder2h' | 'reviewRequests' | 'winback',
    label: string,
    description: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SwitchRow
          id={`automation-${name}`}
          label={label}
          description={description}
          checked={field.value}
          onChange={field.onChange}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BellRing className="size-5 text-accent" aria-hidden /> Appointment reminders
          </CardTitle>
          <CardDescription>
            By email, and by text to customers with a mobile number (never to a number that replied STOP).
            Each carries the link to reschedule or cancel.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {switchField('reminder24h', '24 hours before', 'The day before the appointment.')}
          {switchField('reminder2h', '2 hours before', 'Shortly before you arrive.')}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Star className="size-5 text-accent" aria-hidden /> Review requests
          </CardTitle>
          <CardDescription>
            Every customer is asked after a completed booking, by email, and by text with their SMS consent,
            to rate the job on your review page; reviews arrive as testimonials you can feature. No filtering
            by satisfaction (review gating is unlawful in the US).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {switchField('reviewRequests', 'Ask for a review', 'Every customer, once per completed booking.')}
          <Field
            id="automation-review-link"
            label="Your review link (optional)"
            error={errors.reviewLink?.message}
            hint="For example your Google review page: offered to customers after they review you here."
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://g.page/r/…"
              {...form.register('reviewLink')}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <RotateCcw className="size-5 text-accent" aria-hidden /> Win-back
          </CardTitle>
          <CardDescription>
            A message to customers whose last completed booking is older than the days below and who have
            nothing booked. Once per lapse; marketing consent applies.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {switchField(
            'winback',
            'Send win-back messages',
            'Checked every minute; each customer once per lapse.',
          )}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <Field
              id="automation-winback-days"
              label="Days since last visit"
              error={errors.winbackDays?.message}
            >
              <Input type="number" inputMode="numeric" min={14} max={730} {...form.register('winbackDays')} />
            </Field>
            <Controller
              control={form.control}
              name="winbackChannel"
              render={({ field }) => (
                <ChannelSelect
                  id="automation-winback-channel"
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="automation-winback-template">Start from a template (optional)</Label>
            <Select
              value=""
              onValueChange={(id) => {
                const t = templates.data?.items.find((x) => x.id === id);
                if (!t) return;
                form.setValue('winbackSubject', t.subject ?? '', { shouldDirty: true });
                form.setValue('winbackMessage', t.content, { shouldDirty: true, shouldValidate: true });
              }}
            >
              <SelectTrigger id="automation-winback-template" disabled={!templates.data}>
                <SelectValue placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'} />
              </SelectTrigger>
              <SelectContent>
                {(templates.data?.items ?? [])
                  .filter((t) => t.type === channel)
                  .map((t) => (
                    <SelectItem key={t.id} value={t.id}>
                      {t.name}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </div>
          {channel === 'email' && (
            <Field id="automation-winback-subject" label="Subject Line">
              <Input autoComplete="off" {...form.register('winbackSubject')} />
            </Field>
          )}
          <Field id="automation-winback-message" label="Message" error={errors.winbackMessage?.message}>
            <Textarea rows={5} {...form.register('winbackMessage')} />
          </Field>
          {channel === 'sms' ? <SmsHint message={message ?? ''} /> : <EmailHint />}
          {winback && channel === 'sms' && (
            <p className="text-sm text-slate-600">
              Texts go only to customers who agreed to SMS marketing, between 8:00 AM and 9:00 PM.
            </p>
          )}
        </CardContent>
      </Card>

      <div className="flex justify-end lg:col-span-3">
        <Button type="submit" loading={isSubmitting}>
          Save Automations
        </Button>
      </div>
    </form>
  );
}

const STATUS_TONES: Record<string, 'green' | 'red' | 'amber' | 'neutral'> = {
  sent: 'green',
  failed: 'red',
  pending: 'amber',
  sending: 'amber',
};
const STATUS_LABELS: Record<string, string> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Waiting',
  sending: 'Sending',
};

function LogRow({ m }: { m: LogEntry }) {
  const timeZone = useBusinessTimeZone();
  const Icon = m.channel === 'sms' ? MessageSquare : Mail;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="message-log-row">
      <Icon
        className="mt-0.5 size-5 shrink-0 text-slate-500"
        aria-label={m.channel === 'sms' ? 'SMS' : 'Email'}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{messageKindLabel(m.kind)}</span>
          <Badge tone={m.marketing ? 'violet' : 'neutral'}>
            {m.marketing ? 'Marketing' : 'Transactional'}
          </Badge>
          <Badge tone={STATUS_TONES[m.status] ?? 'neutral'}>{STATUS_LABELS[m.status] ?? m.status}</Badge>
        </div>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
          {m.customerName ? `${m.customerName} · ` : ''}
          {m.to}
        </p>
        {m.subject && <p className="text-sm break-words text-slate-600">{m.subject}</p>}
        {m.status === 'failed' && m.error && <p className="text-sm text-red-700">{m.error}</p>}
      </div>
      <time
        className="basis-full pl-8 text-xs whitespace-nowrap text-slate-500 sm:basis-auto sm:pl-0"
        dateTime={m.sentAt ?? m.createdAt}
      >
        {formatDateTime(m.sentAt ?? m.notBefore, timeZone)}
      </time>
    </li>
  );
}

function MessageLog() {
  const log = useMessageLog();
  const items = log.items;
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h2">Message log</CardTitle>
        <CardDescription>
          Reminders, review requests, win-back, confirmations and receipts, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <RowsSkeleton rows={3} />
        ) : log.isError ? (
          <ErrorState
            message="Failed to load the message log"
            onRetry={() => log.refetch()}
            retrying={log.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Mail}
            title={AUTOMATION_TEXT.noMessages}
            description="Confirmations, reminders and review requests will appear here as they go out."
          />
        ) : (
          <>
            <ul className="divide-y divide-slate-200">
              {items.map((m) => (
                <LogRow key={m.id} m={m} />
              ))}
            </ul>
            <LoadMore list={log} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
