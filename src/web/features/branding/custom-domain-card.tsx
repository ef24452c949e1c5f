import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  CUSTOM_DOMAIN_TEXT,
  customDomainInputSchema,
  DOMAIN_MISSES_TO_SWITCH_OFF,
} from '../../../shared/custom-domains';
import { formatDateTime } from '../../../shared/date-labels';
import {
  useCheckCustomDomain,
  useCustomDomain,
  useRemoveCustomDomain,
  useSetCustomDomain,
} from '../../api/branding';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

const STATUS = {
  pending: { label: 'Waiting for DNS', tone: 'amber' },
  verified: { label: 'Connected', tone: 'green' },
  failed: { label: 'Not found yet', tone: 'red' },
} as const;

const LAST_RESULT = {
  found: 'the record is in place',
  missing: 'the record was not found',
  lookup_failed: 'the DNS lookup failed',
} as const;

const toastError = (err: unknown) => toast.error('Error', { description: (err as Error).message });

/** The custom domain (Elite, decision 1316): name it, create the DNS record shown, check it. */
export function CustomDomainCard() {
  const domain = useCustomDomain();
  const timeZone = useBusinessTimeZone();
  const save = useSetCustomDomain();
  const checkDns = useCheckCustomDomain();
  const remove = useRemoveCustomDomain();
  const form = useForm<
    z.input<typeof customDomainInputSchema>,
    unknown,
    z.output<typeof customDomainInputSchema>
  >({
    resolver: zodResolver(customDomainInputSchema),
    defaultValues: { domain: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Success', { description: CUSTOM_DOMAIN_TEXT.saved });
      form.reset({ domain: '' });
    } catch (err) {
      toastError(err);
    }
  });
  const check = async () => {
    try {
      const result = await checkDns.mutateAsync();
      if (result?.status === 'verified')
        toast.success('Success', { description: CUSTOM_DOMAIN_TEXT.verified });
      else toast.error('Not connected yet', { description: result?.failure ?? undefined });
    } catch (err) {
      toastError(err);
    }
  };
  const current = domain.data;

  return (
    <Card data-testid="custom-domain">
      <CardHeader>
        <CardTitle>Custom domain</CardTitle>
        <p className="text-sm text-slate-600">
          Your booking page on your own address, such as book.yourbusiness.com.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {current ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-semibold break-all">{current.domain}</span>
              <Badge tone={STATUS[current.status].tone}>{STATUS[current.status].label}</Badge>
            </div>
            {current.checkedAt && (
              <p data-testid="domain-last-check" className="text-sm text-slate-600">
                Last checked {formatDateTime(current.checkedAt, timeZone)}:{' '}
                {LAST_RESULT[current.lastResult ?? 'found']}
                {current.status === 'verified' && current.misses > 0
                  ? ` (${current.misses} of ${DOMAIN_MISSES_TO_SWITCH_OFF} daily checks in a row; at ${DOMAIN_MISSES_TO_SWITCH_OFF} it is switched off)`
                  : ''}
                . Connected domains are checked again daily.
              </p>
            )}
            {current.status !== 'verified' && (
              <div className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                <p>At your domain’s DNS provider, create this record:</p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs break-all">
                  <dt className="font-sans font-semibold">Type</dt>
                  <dd>CNAME</dd>
                  <dt className="font-sans font-semibold">Name</dt>
                  <dd>{current.domain}</dd>
                  <dt className="font-sans font-semibold">Target</dt>
                  <dd data-testid="cname-target">{current.cnameTarget}</dd>
                </dl>
                <p className="text-xs text-slate-600">
                  For a domain without “www” or a subdomain, add a TXT record {current.txtName} with the value{' '}
                  <span className="font-mono break-all">{current.txtValue}</span> instead.
                </p>
              </div>
            )}
            {current.status === 'failed' && current.failure && (
              <p role="status" className="text-sm text-red-700">
                {current.failure}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void check()} loading={checkDns.isPending}>
                <RefreshCw /> Check DNS
              </Button>
              <Button
                variant="outline"
                loading={remove.isPending}
                onClick={() => remove.mutateAsync().catch(toastError)}
              >
                <Trash2 /> Disconnect
              </Button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-3">
            <Field id="custom-domain" label="Domain" error={form.formState.errors.domain?.message}>
              <Input placeholder="book.yourbusiness.com" autoComplete="off" {...form.register('domain')} />
            </Field>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Connect Domain
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
