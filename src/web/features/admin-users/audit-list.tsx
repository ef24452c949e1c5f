import { History } from 'lucide-react';
import { auditActionLabel } from '../../../shared/admin-users';
import { type AuditEntry, useAuditLog } from '../../api/admin-users';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { dateTime } from './account-badges';

const show = (v: unknown) =>
  v === null || v === undefined
    ? '—'
    : Array.isArray(v)
      ? v.join(', ') || 'none'
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** The fields that changed, "roles: none → admin"; fields only on one side are shown as they are. */
export function changesOf(e: Pick<AuditEntry, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(e.before?.[k]) !== JSON.stringify(e.after?.[k]))
    .map((k) =>
      e.before && k in e.before && e.after && k in e.after
        ? `${k}: ${show(e.before[k])} → ${show(e.after[k])}`
        : `${k}: ${show((e.after ?? e.before)?.[k])}`,
    );
}

/** The audit log, newest first, paged; `targetId` narrows it to one account. */
export function AuditList({ targetId, compact = false }: { targetId?: string; compact?: boolean }) {
  const log = useAuditLog(targetId);
  const items = log.items;
  if (log.isPending) return <RowsSkeleton rows={compact ? 2 : 5} />;
  if (log.isError)
    return (
      <ErrorState
        message="Failed to load the audit log"
        onRetry={() => log.refetch()}
        retrying={log.isRefetching}
      />
    );
  if (items.length === 0) {
    return compact ? (
      <p className="text-sm text-slate-600">No admin actions on this account yet.</p>
    ) : (
      <EmptyState
        icon={History}
        title="No admin actions yet"
        description="Role changes, suspensions, settings changes and reviews appear here."
      />
    );
  }
  return (
    <>
      <ol className="grid gap-2" aria-label="Audit log">
        {items.map((e) => (
          <li key={e.id}>
            <Card className="p-3 text-sm" data-testid="audit-entry">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
                <p className="font-semibold text-slate-900">
                  {auditActionLabel(e.action)}
                  {e.targetLabel && <span className="font-normal text-slate-600"> · {e.targetLabel}</span>}
                </p>
                <time dateTime={e.createdAt} className="shrink-0 text-xs text-slate-500">
                  {dateTime(e.createdAt)}
                </time>
              </div>
              <p className="text-slate-600">by {e.actorEmail}</p>
              {changesOf(e).length > 0 && (
                <ul className="mt-1 space-y-0.5 font-mono text-xs break-all text-slate-700">
                  {changesOf(e).map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              )}
            </Card>
          </li>
        ))}
      </ol>
      <LoadMore list={log} />
    </>
  );
}
