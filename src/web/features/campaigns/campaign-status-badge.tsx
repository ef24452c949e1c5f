import { campaignStatusLabel } from '../../../shared/campaigns';
import { Badge } from '../../components/ui/badge';

const TONES = {
  draft: 'neutral',
  sending: 'violet',
  scheduled: 'amber',
  sent: 'green',
  failed: 'red',
} as const;

export function CampaignStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status as keyof typeof TONES] ?? 'neutral'}>{campaignStatusLabel(status)}</Badge>;
}
