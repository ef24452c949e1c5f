import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Send, Trash2, Webhook } from 'lucide-react';
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
  useRotateWebhookSecret,
  useSendTestEvent,
  useWebhookDeliveries,
  useWebhooks,
} from '../../api/webhooks';
import { ConnectionRow } from '../../components/domain/connection-row';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { RemoveDialog } from '../../components/ui/remove-dialog';

const EMPTY: WebhookEndpointInput = { url: '', events: ['booking.created'] };

/** Webhooks on the API tab (Elite): endpoints with their events and signing secret, a test event, the delivery log. */
export function WebhooksSection() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [removing, setRemoving] = useState<{ id: string; url: string } | null>(null);
  // A secret is shown once, right after it is made (the endpoint added, or its secret rotated).
  const [revealed, setRevealed] = useState<{ id: string; secret: string } | null>(null);
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointValues>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      setRevealed({ id: created.id, secret: created.secret });
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
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
            {hooks.data.items.map((e) => (
              <EndpointRow
                key={e.id}
                endpoint={e}
                secret={revealed?.id === e.id ? revealed.secret : null}
                onRotated={(secret) => setRevealed({ id: e.id, secret })}
                onRemove={() => setRemoving({ id: e.id, url: e.url })}
              />
            ))}
          </ul>
        )}
      </section>

      <RemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={remove}
        title="Remove this endpoint?"
        description={
          <>
            {/* An address is one long word: it breaks anywhere rather than widening the dialog past a phone. */}
            <span className="break-all">{removing?.url}</span> receives no more events, and its delivery log
            is deleted.
          </>
        }
        removedText={WEBHOOKS_TEXT.deleted}
      />
    </div>
  );
}

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  secretHint: string;
  rotationEndsAt: string | null;
  disabledAt: string | null;
}

function EndpointRow({
  endpoint,
  secret,
  onRotated,
  onRemove,
}: {
  endpoint: Endpoint;
  secret: string | null;
  onRotated: (secret: string) => void;
  onRemove: () => void;
}) {
  const test = useSendTestEvent();
  const enable = useEnableWebhook();
  const rotate = useRotateWebhookSecret();
  const timeZone = useBusinessTimeZone();
  const [confirmRotate, setConfirmRotate] = useState(false);
  return (
    <ConnectionRow
      testId="webhook-endpoint"
      title={endpoint.url}
      subtitle={endpoint.events
        .map((e) => WEBHOOK_EVENT_LABELS[e as keyof typeof WEBHOOK_EVENT_LABELS] ?? e)
        .join(' · ')}
      error={endpoint.disabledAt ? WEBHOOKS_TEXT.disabled : null}
      detail={
        <>
          Signing secret <span className="font-mono text-xs">{endpoint.secretHint}</span>
          {endpoint.rotationEndsAt &&
            ` · the old secret also signs until ${formatDateTimeInZone(endpoint.rotationEndsAt, timeZone)}`}
        </>
      }
      badge={endpoint.disabledAt ? { tone: 'red', label: 'Disabled' } : { tone: 'green', label: 'Active' }}
      actions={
        <Button variant="ghost" size="icon" aria-label={`Remove ${endpoint.url}`} onClick={onRemove}>
          <Trash2 />
        </Button>
      }
    >
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
        <Button size="sm" variant="ghost" onClick={() => setConfirmRotate(true)}>
          <KeyRound /> Rotate Secret
        </Button>
      </div>
      {secret && (
        <div className="space-y-1 rounded-md bg-amber-50 p-3">
          <p className="text-sm text-amber-900" id={`secret-once-${endpoint.id}`}>
            {WEBHOOKS_TEXT.secretOnce}
          </p>
          <Input
            readOnly
            aria-label="Signing secret"
            aria-describedby={`secret-once-${endpoint.id}`}
            value={secret}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      <DeliveryLog endpointId={endpoint.id} />
      <ConfirmDialog
        open={confirmRotate}
        onOpenChange={setConfirmRotate}
        title={WEBHOOKS_TEXT.rotateTitle}
        description={WEBHOOKS_TEXT.rotateHelp}
        confirmLabel="Rotate Secret"
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (rotated) => {
              onRotated(rotated.secret);
              setConfirmRotate(false);
              toast.success('Success', { description: WEBHOOKS_TEXT.rotated });
            },
            onError: (err) => toast.error('Error', { description: err.message }),
          })
        }
      />
    </ConnectionRow>
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
