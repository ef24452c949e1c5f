import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { invoiceRefundSchema, REFUND_MESSAGES } from '../../../shared/invoices.schemas';
import { dollarsToCents, formatCents, formatMoney } from '../../../shared/money';
import { type Invoice, useRefundInvoice } from '../../api/invoices';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { failureMessage } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

/** What the customer paid in money (price and tips) and has not been given back; rewards come back as points. */
export const refundableCents = (invoice: Invoice) =>
  Math.max(0, invoice.paidCents + invoice.tipCents - invoice.refundedCents);

// The form's dollars, checked by the shared API schema (the server checks the same and what is left to refund).
const formSchema = z.object({ amount: z.string(), reason: z.string() }).transform((f, ctx) => {
  const parsed = invoiceRefundSchema.safeParse({
    amountCents: dollarsToCents(f.amount) ?? 0,
    reason: f.reason,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    ctx.addIssue({
      code: 'custom',
      path: [issue.path[0] === 'reason' ? 'reason' : 'amount'],
      message: issue.message,
    });
    return z.NEVER;
  }
  return parsed.data;
});
type FormValues = z.input<typeof formSchema>;
type Refund = z.output<typeof formSchema>;

/** Refund a paid invoice in full or in part: amount and reason, then a confirmation naming the amount. */
export function RefundInvoiceDialog({
  invoice,
  onOpenChange,
}: {
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const refund = useRefundInvoice();
  const [confirming, setConfirming] = useState<Refund | null>(null);
  const [key, setKey] = useState('');
  const form = useForm<FormValues, unknown, Refund>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '', reason: '' },
  });
  useEffect(() => {
    // One refund id per opening: a retry after a lost answer refunds once.
    if (invoice) {
      setKey(crypto.randomUUID());
      form.reset({ amount: formatMoney(refundableCents(invoice)), reason: '' });
    }
  }, [invoice, form]);
  const { errors } = form.formState;
  const max = invoice ? refundableCents(invoice) : 0;

  const onSubmit = form.handleSubmit((values) => {
    if (values.amountCents > max) {
      form.setError('amount', { message: REFUND_MESSAGES.tooMuch(formatCents(max)) });
      return;
    }
    setConfirming(values);
  });

  const confirm = async () => {
    if (!invoice || !confirming) return;
    try {
      const updated = await refund.mutateAsync({ id: invoice.id, json: confirming, key });
      toast.success('Refund issued', {
        description: `${formatCents(confirming.amountCents)} refunded on ${updated.numberText}. The customer gets a receipt.`,
      });
      setConfirming(null);
      onOpenChange(false);
    } catch (e) {
      const message = failureMessage(e, 'Failed to refund');
      setConfirming(null);
      form.setError('amount', { message });
      toast.error('Error', { description: message });
    }
  };

  return (
    <>
      <Dialog open={Boolean(invoice)} onOpenChange={(o) => !refund.isPending && onOpenChange(o)}>
        <DialogContent size="sm">
          <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
            <DialogHeader>
              <DialogTitle>Refund Invoice</DialogTitle>
              <DialogDescription>
                {invoice
                  ? `${invoice.numberText} · ${formatCents(max)} can be refunded. Card payments go back to the card.`
                  : ''}
              </DialogDescription>
            </DialogHeader>
            <DialogBody className="grid gap-4">
              <Field id="refund-amount" label="Amount ($)" error={errors.amount?.message}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  {...form.register('amount')}
                />
              </Field>
              <Field
                id="refund-reason"
                label="Reason (optional)"
                hint="Shown to the customer in the receipt"
                error={errors.reason?.message}
              >
                <Input {...form.register('reason')} />
              </Field>
            </DialogBody>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive">
                Refund…
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={Boolean(confirming)}
        onOpenChange={(o) => !o && !refund.isPending && setConfirming(null)}
        title={confirming ? `Refund ${formatCents(confirming.amountCents)}?` : 'Refund?'}
        description={
          invoice
            ? `${invoice.customerName} gets the money back on ${invoice.numberText}. This cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        busy={refund.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
