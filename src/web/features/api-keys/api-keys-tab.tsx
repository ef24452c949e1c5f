import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  API_KEYS_TEXT,
  type ApiKeyInput,
  type ApiKeyValues,
  apiKeyInputSchema,
} from '../../../shared/api-keys';
import { formatDate } from '../../../shared/time';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/api-keys';
import { useBusinessTimeZone } from '../../api/scheduling';
import { FeatureGate } from '../../components/domain/feature-gate';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const EMPTY: ApiKeyInput = { name: '', scopes: ['read'] };

/** The API tab of /business-profile (Elite): create keys (shown once), see them by prefix and last use, revoke. */
export function ApiKeysTab({ webhooks }: { webhooks?: React.ReactNode }) {
  return (
    <FeatureGate feature="api_access">
      <div className="space-y-6">
        <ApiKeys />
        {webhooks}
      </div>
    </FeatureGate>
  );
}

function ApiKeys() {
  const keys = useApiKeys();
  const timeZone = useBusinessTimeZone();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const form = useForm<ApiKeyInput, unknown, ApiKeyValues>({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      setShown({ name: created.name, key: created.key });
      toast.success('Success', { description: API_KEYS_TEXT.created });
      form.reset(EMPTY);
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  });

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toast.success('Copied', { description: 'The API key is on your clipboard.' });
    } catch {
      toast.error('Error', { description: 'Copy failed: select the key and copy it.' });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Create an API key</CardTitle>
          <p className="text-sm text-slate-600">
            Connect your own tools to your bookings, customers, services, invoices and quotes.{' '}
            <a className="font-medium text-accent underline" href="/docs/api" target="_blank" rel="noopener">
              API reference
            </a>
          </p>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field id="api-key-name" label="Key name" error={errors.name?.message}>
              <Input placeholder="Zapier" autoComplete="off" {...form.register('name')} />
            </Field>
            <Field id="api-key-access" label="Access" error={errors.scopes?.message}>
              <Controller
                control={form.control}
                name="scopes"
                render={({ field }) => (
                  <Select
                    value={field.value.includes('write') ? 'write' : 'read'}
                    onValueChange={(v) => field.onChange(v === 'write' ? ['read', 'write'] : ['read'])}
                  >
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="read">Read only</SelectItem>
                      <SelectItem value="write">Read and write</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Button type="submit" loading={isSubmitting}>
              <KeyRound /> Create API Key
            </Button>
          </form>
        </CardContent>
      </Card>

      <div className="space-y-4">
        {shown && (
          <Card className="border-accent p-4" data-testid="new-api-key">
            <p className="font-semibold text-slate-900">Your new key “{shown.name}”</p>
            <p className="mt-1 text-sm text-slate-600">{API_KEYS_TEXT.shownOnce}</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                aria-label="New API key"
                value={shown.key}
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline" onClick={() => copy(shown.key)}>
                <Copy /> Copy
              </Button>
              <Button variant="ghost" onClick={() => setShown(null)}>
                Done
              </Button>
            </div>
          </Card>
        )}
        <section aria-label="API keys" className="space-y-2">
          <h3 className="font-semibold text-slate-900">API keys</h3>
          {keys.isPending ? (
            <RowsSkeleton rows={2} />
          ) : keys.isError ? (
            <ErrorState
              message={API_KEYS_TEXT.fetchFailed}
              onRetry={() => keys.refetch()}
              retrying={keys.isRefetching}
            />
          ) : keys.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">No API keys yet.</p>
          ) : (
            keys.data.items.map((k) => (
              <Card key={k.id} data-testid="api-key" className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{k.name}</p>
                  <p className="truncate font-mono text-xs text-slate-600">{k.prefix}_…</p>
                  <p className="text-xs text-slate-500">
                    Created {formatDate(k.createdAt, timeZone, { weekday: false, year: false })} ·{' '}
                    {k.lastUsedAt
                      ? `last used ${formatDate(k.lastUsedAt, timeZone, { weekday: false, year: false })}`
                      : 'never used'}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <Badge tone={k.scopes.includes('write') ? 'accent' : 'navy'}>
                    {k.scopes.includes('write') ? 'Read & write' : 'Read only'}
                  </Badge>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Revoke ${k.name}`}
                    onClick={() => setRevoking({ id: k.id, name: k.name })}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </Card>
            ))
          )}
        </section>
      </div>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'this key'}?`}
        description="Requests with this key are refused from now on. This cannot be undone."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('Success', { description: API_KEYS_TEXT.revoked });
              setRevoking(null);
            },
            onError: (err) => toast.error('Error', { description: err.message }),
          })
        }
      />
    </div>
  );
}
