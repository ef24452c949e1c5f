import { Loader2 } from 'lucide-react';
import type { SeoPageStatus } from '../../../shared/seo.constants';
import { Badge } from '../ui/badge';

/** A page's state (§4): draft while its content is written, then complete (live) or error. */
export function SeoStatusBadge({ status }: { status: SeoPageStatus }) {
  if (status === 'complete') return <Badge tone="green">Complete</Badge>;
  if (status === 'error') return <Badge tone="red">Error</Badge>;
  return (
    <Badge tone="amber">
      <Loader2 className="size-3 animate-spin" aria-hidden="true" />
      Draft
    </Badge>
  );
}
