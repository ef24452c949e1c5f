import type { PagedList } from '../../lib/paged-list';
import { cn } from '../../lib/utils';
import { Button } from './button';

/** The one "Load more" button of every paged list: shown while the server has another page. */
export function LoadMore({ list, className }: { list: PagedList; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn('mt-4 flex justify-center', className)}>
      <Button variant="outline" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
        Load more
      </Button>
    </div>
  );
}
