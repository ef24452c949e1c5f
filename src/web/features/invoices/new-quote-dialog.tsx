import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { DEFAULT_TAX_RATE_BPS, depositCents, documentTotals } from '../../../shared/document-money';
import {
  QUOTE_MESSAGES,
  type QuoteFormValues,
  type QuoteInput,
  quoteFormSchema,
} from '../../../shared/invoices.schemas';
import { dollarsToCents, formatCents, formatMoney } from '../../../shared/money';
import { percentToBps } from '../../../shared/percent';
import { type Customer, useCustomerSearch } from '../../api/customers';
import { useCreateQuote } from '../../api/invoices';
import { useServiceOptions } from '../../api/services';
import { Button } from '../../components/ui/button';
import { FormDialog, failureMessage } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { usePublicSettings } from '../../lib/public-settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const EMPTY_LINE = { serviceId: null, serviceName: '', quantity: '1', unitPrice: '' };
const EMPTY: QuoteFormValues = {
  customerId: '',
  items: [EMPTY_LINE],
  taxRate: String(DEFAULT_TAX_RATE_BPS / 100),
  notes: '',
  depositKind: 'none',
  depositValue: '',
};

/** The customers the search finds (searched on the server) and every active service, as the quote form reads them (§7). */
function useQuoteOptions(enabled: boolean, search: string) {
  const customers = useCustomerSearch(search, 50, enabled);
  const services = useServiceOptions(enabled);
  return { customers, services: services.data?.items ?? [] };
}

/** §2/§5 New Quote: a customer, service lines (a service fills name and base price), tax, notes, an optional deposit. */
export function NewQuoteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateQuote();
  const [customerSearch, setCustomerSearch] = useState('');
  const debouncedSearch = useDebouncedValue(customerSearch);
  const { customers, services } = useQuoteOptions(open, debouncedSearch);
  // The chosen customer stays selectable while another search shows other matches.
  const [chosen, setChosen] = useState<Customer | null>(null);
  const matches = customers.data?.items ?? [];
  const customerOptions = chosen && !matches.some((c) => c.id === chosen.id) ? [chosen, ...matches] : matches;
  const form = useForm<QuoteFormValues, unknown, QuoteInput>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const watched = useWatch({ control: form.control });

  // The default tax rate an admin set on /admin/settings (§9's 8.5 % until one is saved).
  const defaultTaxBps = usePublicSettings().data?.defaultTaxRateBps ?? DEFAULT_TAX_RATE_BPS;
  useEffect(() => {
    if (!open) return;
    form.reset(EMPTY);
    setCustomerSearch('');
    setChosen(null);
  }, [open, form]);
  useEffect(() => {
    if (open && !form.getFieldState('taxRate').isDirty) form.setValue('taxRate', String(defaultTaxBps / 100));
  }, [open, form, defaultTaxBps]);

  const taxRateBps = percentToBps(watched.taxRate ?? '') ?? 0;
  const totals = documentTotals(
    (watched.items ?? []).map((i) => {
      const q = Number(i?.quantity);
      return {
        quantity: Number.isFinite(q) && q >= 1 ? q : 1,
        unitPriceCents: dollarsToCents(i?.unitPrice ?? '') ?? 0,
      };
    }),
    taxRateBps,
  );
  const depositBps = percentToBps(watched.depositValue ?? '') ?? 0;
  const deposit =
    watched.depositKind === 'percent'
      ? depositCents({ kind: 'percent', percentBps: depositBps }, totals.totalCents)
      : watched.depositKind === 'fixed'
        ? depositCents(
            { kind: 'fixed', cents: dollarsToCents(watched.depositValue ?? '') ?? 0 },
            totals.totalCents,
          )
        : 0;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await create.mutateAsync(values);
        toast.success('Success', { description: QUOTE_MESSAGES.generated });
        onOpenChange(false);
      } catch (e) {
        toast.error('Error', { description: failureMessage(e, 'Failed to generate quote') });
      }
    },
    (invalid) => {
      if (invalid.customerId) toast.error('Error', { description: QUOTE_MESSAGES.missing });
    },
  );

  const chooseService = (index: number, serviceId: string) => {
    const service = services.find((s) => s.id === serviceId);
    if (!service) return;
    form.setValue(`items.${index}.serviceId`, service.id);
    form.setValue(`items.${index}.serviceName`, service.name);
    form.setValue(`items.${index}.unitPrice`, formatMoney(service.basePriceCents));
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title="New Quote"
      description="Choose a customer and the services to quote. Quotes are valid for 30 days."
      submitLabel="Generate Quote"
      size="xl"
      bodyClassName="grid gap-5"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="quote-customer">Customer</Label>
        <Input
          type="search"
          aria-label="Find by name or email"
          placeholder="Find by name or email"
          value={customerSearch}
          onChange={(e) => setCustomerSearch(e.target.value)}
        />
        <Controller
          control={form.control}
          name="customerId"
          render={({ field }) => (
            <Select
              value={field.value}
              onValueChange={(id) => {
                setChosen(customerOptions.find((c) => c.id === id) ?? null);
                field.onChange(id);
              }}
            >
              <SelectTrigger id="quote-customer" aria-invalid={Boolean(errors.customerId) || undefined}>
                <SelectValue placeholder={customers.isPending ? 'Loading customers…' : 'Select a customer'} />
              </SelectTrigger>
              <SelectContent>
                {customerOptions.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.firstName} {c.lastName} · {c.email}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {matches.length === 0 && customers.data && !debouncedSearch.trim() && (
          <p className="text-xs text-slate-600">No customers yet: add one on the Customers page first.</p>
        )}
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Services</legend>
        {lines.fields.map((line, index) => {
          const total = totals.lineTotals[index] ?? 0;
          return (
            <div
              key={line.id}
              className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_5rem_7rem_6rem_auto] sm:items-end"
            >
              <div className="col-span-2 grid gap-1.5 sm:col-span-1">
                <Label htmlFor={`line-${index}-service`}>Service</Label>
                <Select
                  value={watched.items?.[index]?.serviceId ?? ''}
                  onValueChange={(v) => chooseService(index, v)}
                >
                  <SelectTrigger id={`line-${index}-service`}>
                    <SelectValue placeholder="Choose a service" />
                  </SelectTrigger>
                  <SelectContent>
                    {services.map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {s.name} · {formatCents(s.basePriceCents)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Field
                id={`line-${index}-quantity`}
                label="Qty"
                error={errors.items?.[index]?.quantity?.message}
              >
                <Input
                  type="number"
                  inputMode="decimal"
                  min={1}
                  step={1}
                  {...form.register(`items.${index}.quantity`)}
                />
              </Field>
              <Field id={`line-${index}-price`} label="Unit price ($)">
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  {...form.register(`items.${index}.unitPrice`)}
                />
              </Field>
              <div className="grid gap-1.5">
                <span className="text-sm font-medium text-slate-800">Line total</span>
                <span
                  className="flex h-10 items-center font-semibold tabular-nums"
                  data-testid={`line-${index}-total`}
                >
                  {formatCents(total)}
                </span>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove line ${index + 1}`}
                className="justify-self-end self-end text-red-600 hover:bg-red-50"
                onClick={() => lines.remove(index)}
                disabled={lines.fields.length === 1}
              >
                <Trash2 />
              </Button>
            </div>
          );
        })}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => lines.append(EMPTY_LINE)}>
            <Plus /> Add Service
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="quote-tax" label="Tax rate (%)" error={errors.taxRate?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            {...form.register('taxRate')}
          />
        </Field>
        <div className="grid gap-1.5">
          <Label htmlFor="quote-deposit-kind">Deposit</Label>
          <Controller
            control={form.control}
            name="depositKind"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="quote-deposit-kind">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="none">No deposit</SelectItem>
                  <SelectItem value="percent">Percent of total</SelectItem>
                  <SelectItem value="fixed">Fixed amount</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </div>
        {watched.depositKind !== 'none' && (
          <Field
            id="quote-deposit-value"
            label={watched.depositKind === 'percent' ? 'Deposit (%)' : 'Deposit ($)'}
            error={errors.depositValue?.message}
          >
            <Input type="number" inputMode="decimal" min={0} step={0.01} {...form.register('depositValue')} />
          </Field>
        )}
      </div>

      <Field id="quote-notes" label="Notes (optional)">
        <Textarea rows={3} {...form.register('notes')} />
      </Field>

      <dl
        className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums"
        aria-label="Quote totals"
      >
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
        <dt className="text-slate-600">Tax ({(taxRateBps / 100).toString()}%)</dt>
        <dd className="text-right">{formatCents(totals.taxCents)}</dd>
        <dt className="border-t border-slate-200 pt-1 text-base font-bold">Total</dt>
        <dd
          className="border-t border-slate-200 pt-1 text-right text-base font-bold"
          data-testid="quote-total"
        >
          {formatCents(totals.totalCents)}
        </dd>
        {deposit > 0 && (
          <>
            <dt className="text-slate-600">Deposit on acceptance</dt>
            <dd className="text-right">{formatCents(deposit)}</dd>
          </>
        )}
      </dl>
    </FormDialog>
  );
}
