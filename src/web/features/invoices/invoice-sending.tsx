import { useMutation, useQuery } from '@tanstack/react-query';
import { BellRing, Send } from 'lucide-react';
import { toast } from 'sonner';
import { INVOICE_REMINDER_DAYS, INVOICE_SEND_TEXT } from '../../../shared/invoice-sending';
import { useIsTechnician } from '../../api/billing';
import { type Invoice, invoiceRemindersQuery } from '../../api/invoices';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useShortDate } from './document-downloads';

// Decision 0956: Send on an invoice, and the overdue reminders switch (owner only; the server checks it too).

const useSendInvoice = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.invoices[':id'].send.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
  });

/** "Send" on an open invoice that was not sent yet; "Sent {date}" once it was. */
export function SendInvoiceButton({ invoice }: { invoice: Invoice }) {
  const shortDate = useShortDate();
  const isTechnician = useIsTechnician();
  const send = useSendInvoice();
  if (invoice.sentAt)
    return (
      <span
        className="inline-flex items-center gap-1 self-center text-xs text-slate-600"
        data-testid="invoice-sent"
      >
        <Send className="size-3.5" aria-hidden="true" /> Sent {shortDate(invoice.sentAt)}
      </span>
    );
  if (isTechnician) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      loading={send.isPending}
      onClick={() =>
        send.mutate(invoice.id, {
          onSuccess: () =>
            toast.success('Success', { description: `${INVOICE_SEND_TEXT.sent}: ${invoice.numberText}` }),
          onError: (e) => toast.error('Error', { description: e.message }),
        })
      }
    >
      <Send /> Send
    </Button>
  );
}

/** The business's overdue reminders switch, off until the owner turns it on. */
export function InvoiceRemindersSetting() {
  const isTechnician = useIsTechnician();
  const settings = useQuery(invoiceRemindersQuery);
  const save = useMutation({
    mutationFn: (enabled: boolean) => unwrap(api.api['invoice-reminders'].$put({ json: { enabled } })),
    onSuccess: (data) => queryClient.setQueryData(invoiceRemindersQuery.queryKey, data),
  });
  if (isTechnician || !settings.data) return null;
  const days = INVOICE_REMINDER_DAYS.join(', ').replace(/, (\d+)$/, ' and $1');
  return (
    <Card className="flex items-start gap-3 p-4">
      <BellRing className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <label htmlFor="invoice-reminders" className="font-medium text-slate-900">
          Remind customers of overdue invoices
        </label>
        <p className="text-sm text-slate-600">
          An email with the pay link {days} days after the due date (and a text to customers who agreed to
          texts).
        </p>
      </div>
      <Switch
        id="invoice-reminders"
        checked={settings.data.enabled}
        disabled={save.isPending}
        onCheckedChange={(enabled) =>
          save.mutate(enabled, {
            onSuccess: () =>
              toast.success('Success', {
                description: enabled ? INVOICE_SEND_TEXT.remindersOn : INVOICE_SEND_TEXT.remindersOff,
              }),
            onError: (e) => toast.error('Error', { description: e.message }),
          })
        }
      />
    </Card>
  );
}
