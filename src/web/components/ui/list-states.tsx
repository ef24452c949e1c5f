import { AlertCircle, type LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** A list's empty state: what it is, and the primary action to fill it. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon className="size-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** A list that failed to load: the spec's message and a retry. */
export function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <p className="mt-2 font-semibold text-red-900">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4, className = 'h-20' }: { rows?: number; className?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={`${className} rounded-xl`} />
      ))}
    </div>
  );
}
