import { Skeleton } from '../../components/ui/skeleton';

export function BookSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading booking information" className="space-y-4">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}
