import { Gift } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { RewardTerms } from '../../../../shared/discounts';
import { Button } from '../../../components/ui/button';

export type ChosenReward = RewardTerms & { rewardId: string; token: string; name: string; email: string };

// The panel (code, verify, rewards) is loaded only when a customer asks for it: /book's first load stays small.
const LoyaltyRedeemPanel = lazy(() => import('./loyalty-redeem-panel'));

/** /book's "Use my points": a returning customer verifies the email with a one-time code, then picks a reward. */
export function LoyaltyRedeemEntry({
  businessId,
  email,
  onChange,
}: {
  businessId: string;
  email?: string;
  onChange: (reward: ChosenReward | null) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-4 border-b border-slate-200 pb-4">
      {open ? (
        <Suspense fallback={<p className="text-sm text-slate-500">Loading your rewards…</p>}>
          <LoyaltyRedeemPanel
            businessId={businessId}
            email={email}
            onChange={onChange}
            onClose={() => {
              onChange(null);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Gift className="size-4 shrink-0 text-accent" aria-hidden="true" /> Been here before? Use your
            loyalty points.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            Use my points
          </Button>
        </div>
      )}
    </div>
  );
}
