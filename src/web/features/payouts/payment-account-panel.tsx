import { AlertTriangle, CheckCircle2, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { type PaymentAccount, useConfigurePayments, usePaymentAccount } from '../../api/payouts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

/** Starts "Configure payment": test mode switches on at once; Stripe sends the owner to its onboarding. */
export function ConfigurePaymentButton({
  account,
  size,
  className,
}: {
  account: PaymentAccount | undefined;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const configure = useConfigurePayments();
  const label =
    account?.provider === 'stripe'
      ? account.mode === 'stripe'
        ? 'Finish onboarding'
        : 'Connect with Stripe'
      : 'Enable test mode';
  return (
    <Button
      size={size}
      variant="outline"
      className={className}
      loading={configure.isPending}
      onClick={() =>
        configure.mutate(undefined, {
          onSuccess: (result) => {
            if (result.onboardingUrl) window.location.assign(result.onboardingUrl);
            else toast.success('Online payments enabled');
          },
          onError: (e) => toast.error('Error', { description: e.message }),
        })
      }
    >
      {label}
    </Button>
  );
}

/** The dashboard checklist's payment step: the button that starts it, or once done the test-mode badge. */
export function PaymentStepAction({ done }: { done: boolean }) {
  const { data } = usePaymentAccount();
  if (!done) return <ConfigurePaymentButton account={data} size="sm" className="ml-auto" />;
  return data?.mode === 'test' ? <Badge tone="violet">Test mode</Badge> : null;
}

/** Where the business's money goes, and why it cannot take bookings yet (with the next step). */
export function PaymentAccountPanel({ account }: { account: PaymentAccount }) {
  if (!account.canTakeCharges) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div>
            <p className="font-semibold text-amber-950">Customers cannot book you online yet</p>
            <p className="text-sm text-amber-900">{account.reason}</p>
            {account.receiptDetailsMissing && (
              <p className="mt-1 text-xs text-amber-900">
                Receipts need your business name and email from your{' '}
                <Link to="/business-profile" className="underline">
                  profile
                </Link>
                .
              </p>
            )}
          </div>
        </div>
        <ConfigurePaymentButton account={account} className="border-amber-300 bg-white" />
      </div>
    );
  }
  if (account.mode === 'test') {
    return (
      <div
        className="flex gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4"
        data-testid="payments-test-mode"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-violet-600" aria-hidden="true" />
        <div>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-violet-950">
            Payments are on <Badge tone="violet">Test mode</Badge>
          </p>
          <p className="text-sm text-violet-900">
            No real money moves: charges, fees and tips are recorded as if paid, and your balance is paid out
            once a day.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />
      <div>
        <p className="font-semibold text-green-950">Payments are on with Stripe</p>
        <p className="text-sm text-green-900">
          {account.payoutsEnabled
            ? 'Customers pay by card; Stripe pays your balance out to your bank.'
            : 'Customers can pay by card. Add your bank details on Stripe to receive payouts.'}
        </p>
      </div>
    </div>
  );
}
