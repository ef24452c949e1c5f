import { zodResolver } from '@hookform/resolvers/zod';
import { Send, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatDateTimeInZone } from '../../../shared/time';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS_TEXT,
  type WebhookEndpointInput,
  type WebhookEndpointValues,
  webhookEndpointInputSchema,
} from '../../../shared/webhooks';
import { useBusinessTimeZone } from '../../api/scheduling';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  useResendDelivery,
  useSendTestEvent,
  useWebhookDeliveries,
  useWebhooks,
} from '../../api/webhooks';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';

const EMPTY: WebhookEndpointInput = { url: '', events: ['booking.created'] };

/** Webhooks on the API tab (Elite): endpoints with their events and signing secret, a test event, the delivery log. */
export function WebhooksSection() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [removing, setRemoving] = useState<{ id: string; url: string } | null>(null);
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointValues>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success('Success', { description: WEBHOOKS_TEXT.created });
      form.reset(EMPTY);
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Add a webhook endpoint</CardTitle>
          <p className="text-sm text-slate-600">
            ShineRoute posts each event to your address, signed by the Standard Webhooks scheme.
          </p>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field id="webhook-url" label="Endpoint address" error={errors.url?.message}>
              <Input placeholder="https://example.com/webhooks" inputMode="url" {...form.register('url')} />
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
              <Controller
                control={form.control}
                name="events"
                render={({ field }) => (
                  <>
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <InlineField
                        key={type}
                        id={`webhook-event-${type.replace('.', '-')}`}
                        label={WEBHOOK_EVENT_LABELS[type]}
                      >
                        <Checkbox
                          checked={field.value.includes(type)}
                          onCheckedChange={(on) =>
                            field.onChange(
                              on ? [...field.value, type] : field.value.filter((e) => e !== type),
                            )
                          }
                        />
                      </InlineField>
                    ))}
                  </>
                )}
              />
              {errors.events && <p className="text-sm text-red-700">{errors.events.message}</p>}
            </fieldset>
            <Button type="submit" loading={isSubmitting}>
              <Webhook /> Add Endpoint
            </Button>
          </form>
        </CardContent>
      </Card>

      <section aria-label="Webhook endpoints" className="space-y-3">
        <h3 className="font-semibold text-slate-900">Webhook endpoints</h3>
        {hooks.isPending ? (
          <RowsSkeleton rows={2} />
        ) : hooks.isError ? (
          <ErrorState
            message={WEBHOOKS_TEXT.fetchFailed}
            onRetry={() => hooks.refetch()}
            retrying={hooks.isRefetching}
          />
        ) : hooks.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No webhook endpoints yet.</p>
        ) : (
          hooks.data.items.map((e) => (
            <EndpointCard key={e.id} endpoint={e} onRemove={() => setRemoving({ id: e.id, url: e.url })} />
          ))
        )}
      </section>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this endpoint?"
        description={`${removing?.url ?? ''} receives no more events, and its delivery log is deleted.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success('Success', { description: WEBHOOKS_TEXT.deleted });
              setRemoving(null);
            },
            onError: (err) => toast.error('Error', { description: err.message }),
          })
        }
      />
    </div>
  );
}

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  secret: string;
  disabledAt: string | null;
}

function EndpointCard({ endpoint, onRemove }: { endpoint: Endpoint; onRemove: () => void }) {
  const test = useSendTestEvent();
  const enable = useEnableWebhook();
  const [showSecret, setShowSecret] = useState(false);
  return (
    <Card data-testid="webhook-endpoint" className="space-y-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-medium text-slate-900">{endpoint.url}</p>
          <p className="text-xs text-slate-600">
            {endpoint.events
              .map((e) => WEBHOOK_EVENT_LABELS[e as keyof typeof WEBHOOK_EVENT_LABELS] ?? e)
              .join(' · ')}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {endpoint.disabledAt ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
          <Button variant="ghost" size="icon" aria-label={`Remove ${endpoint.url}`} onClick={onRemove}>
            <Trash2 />
          </Button>
        </div>
      </div>
      {endpoint.disabledAt && <p className="text-sm text-red-700">{WEBHOOKS_TEXT.disabled}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          loading={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => toast.success('Success', { description: WEBHOOKS_TEXT.testSent }),
              onError: (err) => toast.error('Error', { description: err.message }),
            })
          }
        >
          <Send /> Send Test Event
        </Button>
        {endpoint.disabledAt && (
          <Button
            size="sm"
            variant="outline"
            loading={enable.isPending}
            onClick={() => enable.mutate(endpoint.id)}
          >
            Enable
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setShowSecret((s) => !s)}>
          {showSecret ? 'Hide signing secret' : 'Show signing secret'}
        </Button>
      </div>
      {showSecret && (
        <Input readOnly aria-label="Signing secret" value={endpoint.secret} className="font-mono text-xs" />
      )}
      <DeliveryLog endpointId={endpoint.id} />
    </Card>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery();
  const timeZone = useBusinessTimeZone();
  if (log.isPending) return <RowsSkeleton rows={1} />;
  if (log.isError || log.data.items.length === 0)
    return <p className="text-sm text-slate-500">No deliveries yet.</p>;
  return (
    <ul
      aria-label="Deliveries"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
    >
      {log.data.items.map((d) => (
        <li
          key={d.id}
          data-testid="webhook-delivery"
          className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
        >
          <div className="min-w-0">
            <p className="font-mono text-xs text-slate-800">{d.type}</p>
            <p className="text-xs text-slate-500">
              {formatDateTimeInZone(d.lastAttemptAt ?? d.createdAt, timeZone)}
              {d.lastStatusCode !== null ? ` · HTTP ${d.lastStatusCode}` : ''}
              {d.attempts > 1 ? ` · ${d.attempts} attempts` : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={d.status === 'succeeded' ? 'green' : d.status === 'failed' ? 'red' : 'neutral'}>
              {d.status === 'succeeded' ? 'Delivered' : d.status === 'failed' ? 'Failed' : 'Pending'}
            </Badge>
            <Button
              size="sm"
              variant="ghost"
              disabled={resend.isPending || d.status === 'delivering'}
              onClick={() =>
                resend.mutate(d.id, {
                  onSuccess: () => toast.success('Success', { description: WEBHOOKS_TEXT.resent }),
                  onError: (err) => toast.error('Error', { description: err.message }),
                })
              }
            >
              Resend
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
