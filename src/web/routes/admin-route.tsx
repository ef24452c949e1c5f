import { AdminPage } from '../features/admin/admin-page';
import { PlatformFeeCard } from '../features/payouts/platform-fee-card';

/** /admin: the admin panel with the payouts' platform fee card. */
export function AdminRoute() {
  return <AdminPage platformFee={<PlatformFeeCard />} />;
}
