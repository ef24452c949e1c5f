import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { OFFLINE_METHODS, offlinePaymentSchema } from '../../../shared/invoices.schemas';
import { dollarsToCents, formatCents, formatMoney } from '../../../shared/money';
import { type Invoice, useRecordPayment } from '../../api/invoices';
import { FormDialog, failureMessage } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const METHOD_LABELS = { cash: 'Cash', check: 'Check', other: 'Other' } as const;

// The form's dollars, turned into the shared API schema's cents.
const formSchema = z
  .object({ method: z.enum(OFFLINE_METHODS), amount: z.string(), note: z.string() })
  .transform((f, ctx) => {
    const cents = dollarsToCents(f.amount);
    const parsed = offlinePaymentSchema.safeParse({
      method: f.method,
      amountCents: cents ?? 0,
      note: f.note,
    });
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    return parsed.data;
  });
type FormValues = z.input<typeof formSchema>;

/** Cash, check or other, recorded by the owner; the balance is the default amount. */
export function RecordPaymentDialog({
  invoice,
  onOpenChange,
}: {
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordPayment();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { method: 'cash', amount: '', note: '' },
  });
  useEffect(() => {
    if (invoice) form.reset({ method: 'cash', amount: formatMoney(invoice.balanceCents), note: '' });
  }, [invoice, form]);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (json) => {
    if (!invoice) return;
    try {
      const updated = await record.mutateAsync({ id: invoice.id, json });
      toast.success('Success', {
        description:
          updated.status === 'paid'
            ? `${updated.numberText} is paid`
            : `Payment recorded on ${updated.numberText}`,
      });
      onOpenChange(false);
    } catch (e) {
      const message = failureMessage(e, 'Failed to record payment');
      form.setError('amount', { message });
      toast.error('Error', { description: message });
    }
  });

  return (
    <FormDialog
      open={Boolean(invoice)}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title="Record Payment"
      description={
        invoice
          ? `${invoice.numberText} · ${formatCents(invoice.balanceCents)} due. The customer gets a receipt.`
          : ''
      }
      submitLabel="Record Payment"
      size="sm"
    >
      <Field id="payment-method" label="Method" error={errors.method?.message}>
        <Controller
          control={form.control}
          name="method"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {OFFLINE_METHODS.map((m) => (
                  <SelectItem key={m} value={m}>
                    {METHOD_LABELS[m]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field id="payment-amount" label="Amount ($)" error={errors.amount?.message}>
        <Input type="number" inputMode="decimal" min={0.01} step={0.01} {...form.register('amount')} />
      </Field>
      <Field id="payment-note" label="Note (optional)" hint="e.g. check number">
        <Input {...form.register('note')} />
      </Field>
    </FormDialog>
  );
}
