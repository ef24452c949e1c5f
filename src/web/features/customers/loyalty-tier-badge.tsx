import { Award } from 'lucide-react';
import { LOYALTY_TIER_LABELS, type LoyaltyTier } from '../../../shared/loyalty';
import { Badge } from '../../components/ui/badge';

const TONES = { bronze: 'amber', silver: 'neutral', gold: 'amber', elite: 'violet' } as const;

export function LoyaltyTierBadge({ tier }: { tier: LoyaltyTier }) {
  return (
    <Badge tone={TONES[tier]} className={tier === 'gold' ? 'bg-yellow-100 text-yellow-900' : undefined}>
      <Award className="size-3.5" aria-hidden="true" /> {LOYALTY_TIER_LABELS[tier]}
    </Badge>
  );
}
