import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type CloseAccountValues, closeAccountSchema, DATA_TEXT } from '../../../shared/data-transfer';
import { formatDate } from '../../../shared/time';
import { useBusinessProfile } from '../../api/business-profile';
import { useAccountClosure, useCloseAccount } from '../../api/data-transfer';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

/** Close the account (decision 1236): confirmed by typing the business name; the data stays exportable 30 days. */
export function CloseAccountCard() {
  const businessName = useBusinessProfile().data?.businessName ?? null;
  const closure = useAccountClosure();
  const close = useCloseAccount();
  const timeZone = useBusinessTimeZone();
  const [open, setOpen] = useState(false);
  const form = useForm<CloseAccountValues>({
    resolver: zodResolver(closeAccountSchema),
    defaultValues: { businessName: '' },
  });
  const confirmText = businessName?.trim() || 'your account email';

  const submit = form.handleSubmit(async (values) => {
    try {
      await close.mutateAsync(values);
      toast.success('Account closed', { description: DATA_TEXT.closed });
      setOpen(false);
    } catch (err) {
      form.setError('businessName', { message: (err as Error).message });
    }
  });

  const closed = closure.data?.closure;
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>Close account</CardTitle>
        <p className="text-sm text-slate-600">
          Your public pages and online booking stop at once. Your data stays here for 30 days so you can
          export it; then it is deleted for good, with your uploaded files.
        </p>
      </CardHeader>
      <CardContent>
        {closed ? (
          <p className="text-sm font-medium text-red-800" data-testid="account-closed">
            Closed on {formatDate(closed.closedAt, timeZone)}. Everything will be deleted on{' '}
            {formatDate(closed.deleteAfter, timeZone)}.
          </p>
        ) : (
          <Button variant="destructive" onClick={() => setOpen(true)} disabled={closure.isPending}>
            Close account
          </Button>
        )}
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} noValidate className="contents">
            <DialogHeader>
              <DialogTitle>Close your account?</DialogTitle>
              <DialogDescription>
                Customers can no longer book you or see your page. Type {confirmText} to confirm.
              </DialogDescription>
            </DialogHeader>
            <DialogBody>
              <Field
                id="close-business-name"
                label={businessName?.trim() ? 'Business name' : 'Account email'}
                error={form.formState.errors.businessName?.message}
              >
                <Input autoComplete="off" {...form.register('businessName')} />
              </Field>
            </DialogBody>
            <DialogFooter>
              <Button variant="outline" type="button" onClick={() => setOpen(false)}>
                Keep my account
              </Button>
              <Button variant="destructive" type="submit" loading={close.isPending}>
                Close account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
