import { Skeleton } from '../../../components/ui/skeleton';

export function BookSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading booking information" className="space-y-4">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      {[0, 1, 2].map((i) => (
        // Skeleton's look with larger corners, written out (no tailwind-merge on the island: docs/decisions/0914).
        <div key={i} aria-hidden="true" className="h-40 w-full animate-pulse rounded-xl bg-slate-200" />
      ))}
    </div>
  );
}
