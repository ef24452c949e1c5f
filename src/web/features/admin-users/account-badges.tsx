import { formatDate, formatDateTime, viewerTimeZone } from '../../../shared/time';
import type { AdminAccount } from '../../api/admin-users';
import { Badge } from '../../components/ui/badge';

const PLAN_NAMES = { starter: 'Starter', pro: 'Pro', elite: 'Elite', franchise: 'Franchise' } as const;
const VERIFICATION = {
  pending: { tone: 'amber', label: 'Verification pending' },
  verified: { tone: 'green', label: 'Verified' },
  rejected: { tone: 'red', label: 'Verification rejected' },
} as const;

export const day = (iso: string | null) =>
  iso ? formatDate(iso, viewerTimeZone(), { weekday: false }) : 'Never';
export const dateTime = (iso: string) => formatDateTime(iso, viewerTimeZone());

/** Plan and where it stands: "Pro · Trial, 12 days left", "Elite · Active", "Starter · Lapsed". */
export function planLabel(a: Pick<AdminAccount, 'plan' | 'subscriptionState' | 'trialDaysLeft'>) {
  if (!a.plan) return 'No business';
  const state =
    a.subscriptionState === 'trialing'
      ? `Trial, ${a.trialDaysLeft} ${a.trialDaysLeft === 1 ? 'day' : 'days'} left`
      : a.subscriptionState === 'active'
        ? 'Active'
        : 'Lapsed';
  return `${PLAN_NAMES[a.plan]} · ${state}`;
}

export function AccountBadges({ account }: { account: AdminAccount }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {account.suspended && <Badge tone="red">Suspended</Badge>}
      {account.roles.includes('admin') && <Badge tone="navy">Admin</Badge>}
      {account.roles.includes('technician') && <Badge tone="violet">Technician</Badge>}
      {account.verificationStatus && (
        <Badge tone={VERIFICATION[account.verificationStatus].tone}>
          {VERIFICATION[account.verificationStatus].label}
        </Badge>
      )}
      {!account.emailVerified && <Badge tone="neutral">Email unverified</Badge>}
    </span>
  );
}
