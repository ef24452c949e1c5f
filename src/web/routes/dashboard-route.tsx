import { usePaymentAccount } from '../api/payouts';
import { ShareCard } from '../features/booking-link/share-card';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { PaymentStepAction } from '../features/payouts/payment-account-panel';

/** /dashboard: the dashboard with the booking link's share card and the payouts' payment step. */
export function DashboardRoute() {
  // Read with the dashboard rather than once its checklist shows, so the step's button knows the account at once.
  usePaymentAccount();
  return (
    <DashboardPage shareCard={<ShareCard />} paymentStep={(done) => <PaymentStepAction done={done} />} />
  );
}
