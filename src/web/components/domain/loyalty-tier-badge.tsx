import { Award } from 'lucide-react';
import { LOYALTY_TIER_LABELS, type LoyaltyTier } from '../../../shared/loyalty';
import { Badge } from '../ui/badge';

const CLASSES: Record<LoyaltyTier, string> = {
  bronze: 'bg-orange-100 text-orange-900',
  silver: 'bg-slate-200 text-slate-800',
  gold: 'bg-yellow-100 text-yellow-900',
  elite: 'bg-violet-100 text-violet-900',
};

export function LoyaltyTierBadge({ tier }: { tier: LoyaltyTier }) {
  return (
    <Badge className={CLASSES[tier]}>
      <Award className="size-3.5" aria-hidden="true" /> {LOYALTY_TIER_LABELS[tier]}
    </Badge>
  );
}
