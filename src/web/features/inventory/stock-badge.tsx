import { STOCK_STATUS_LABELS, type StockStatus } from '../../../shared/inventory';
import { Badge } from '../../components/ui/badge';

const TONES = { out: 'red', low: 'amber', good: 'green' } as const;

export function StockBadge({ status, className }: { status: StockStatus; className?: string }) {
  return (
    <Badge tone={TONES[status]} className={className}>
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
