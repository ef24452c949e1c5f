import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FLEET_TEXT, type FleetAccountInput, fleetAccountSchema, previousMonth } from '../../../shared/fleet';
import { formatCents } from '../../../shared/money';
import { todayInZone } from '../../../shared/time';
import { useFleetAccount, useSaveFleetAccount, useSendMonthlyInvoice } from '../../api/fleet';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

/**
 * The customer as a company (issue 32, decision 1261): company details, and its month of visits as one invoice —
 * sent on the first of the month, or now by hand.
 */
export function CompanyAccount({ customerId, timeZone }: { customerId: string; timeZone: string }) {
  const account = useFleetAccount(customerId);
  const [editing, setEditing] = useState(false);
  const a = account.data?.account;
  return (
    <section aria-labelledby="company-title" className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="company-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Building2 className="size-4 text-accent" aria-hidden="true" /> Company account
        </h3>
        {!editing && account.data && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {a ? 'Edit company' : 'Make this a company account'}
          </Button>
        )}
      </div>
      {editing ? (
        <CompanyForm customerId={customerId} initial={a ?? null} onDone={() => setEditing(false)} />
      ) : a ? (
        <>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">Company</dt>
              <dd className="font-medium text-slate-900" data-testid="company-name">
                {a.companyName}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Billing email</dt>
              <dd className="break-all text-slate-900">{a.billingEmail}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">PO number</dt>
              <dd className="text-slate-900">{a.poNumber || '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Terms</dt>
              <dd className="text-slate-900">Net {a.paymentTermsDays}</dd>
            </div>
          </dl>
          <MonthlyInvoice customerId={customerId} timeZone={timeZone} />
          {account.data!.items.length > 0 && (
            <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
              {account.data!.items.map((inv) => (
                <li key={inv.invoiceId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span>
                    <span className="font-medium text-slate-900">{inv.month}</span>{' '}
                    <span className="text-slate-600">
                      · Invoice #{inv.number} · {inv.visits} visit{inv.visits === 1 ? '' : 's'}
                    </span>
                  </span>
                  <span className="tabular-nums font-semibold" data-testid="fleet-invoice-total">
                    {formatCents(inv.totalCents)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-500">
          A company (dealership, fleet) gets one invoice a month with its visits as lines.
        </p>
      )}
    </section>
  );
}

function MonthlyInvoice({ customerId, timeZone }: { customerId: string; timeZone: string }) {
  const send = useSendMonthlyInvoice(customerId);
  const thisMonth = todayInZone(timeZone).slice(0, 7);
  const [month, setMonth] = useState(previousMonth(thisMonth));
  const months = [thisMonth, previousMonth(thisMonth), previousMonth(previousMonth(thisMonth))];
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <Field id="fleet-month" label="Month of visits">
        <Select value={month} onValueChange={setMonth}>
          <SelectTrigger id="fleet-month" className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {months.map((m) => (
              <SelectItem key={m} value={m}>
                {m}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Button
        loading={send.isPending}
        onClick={async () => {
          try {
            const inv = await send.mutateAsync(month);
            toast.success('Success', {
              description: `${FLEET_TEXT.sent}: #${inv.number}, ${formatCents(inv.totalCents)}`,
            });
          } catch (e) {
            toast.error('Error', { description: (e as Error).message });
          }
        }}
      >
        <Send className="size-4" aria-hidden="true" /> Send monthly invoice
      </Button>
    </div>
  );
}

function CompanyForm({
  customerId,
  initial,
  onDone,
}: {
  customerId: string;
  initial: FleetAccountInput | null;
  onDone: () => void;
}) {
  const save = useSaveFleetAccount(customerId);
  const form = useForm<FleetAccountInput>({
    resolver: zodResolver(fleetAccountSchema),
    defaultValues: initial ?? { companyName: '', billingEmail: '', poNumber: '', paymentTermsDays: 30 },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={form.handleSubmit(async (v) => {
        try {
          await save.mutateAsync(v);
          toast.success('Success', { description: FLEET_TEXT.saved });
          onDone();
        } catch (e) {
          toast.error('Error', { description: (e as Error).message });
        }
      })}
    >
      <Field id="company-name" label="Company name" error={errors.companyName?.message}>
        <Input autoComplete="off" {...form.register('companyName')} />
      </Field>
      <Field id="company-billing-email" label="Billing email" error={errors.billingEmail?.message}>
        <Input type="email" autoComplete="off" {...form.register('billingEmail')} />
      </Field>
      <Field id="company-po" label="PO number">
        <Input autoComplete="off" {...form.register('poNumber')} />
      </Field>
      <Field id="company-terms" label="Payment terms">
        <Controller
          control={form.control}
          name="paymentTermsDays"
          render={({ field }) => (
            <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
              <SelectTrigger id="company-terms">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="15">Net 15</SelectItem>
                <SelectItem value="30">Net 30</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save company
        </Button>
      </div>
    </form>
  );
}
