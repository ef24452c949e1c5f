import type { UseQueryResult } from '@tanstack/react-query';
import type * as React from 'react';
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { ErrorState, RowsSkeleton } from './list-states';

/**
 * A dialog that shows one record fetched by `query` (open while `open`): its title with "Loading…" and a skeleton
 * while it loads, "It could not be loaded." with a retry when it fails, and `children(data)` (header and body) once
 * it has come.
 */
export function QueryDialog<T>({
  open,
  onClose,
  query,
  title,
  size,
  children,
}: {
  open: boolean;
  onClose: () => void;
  query: UseQueryResult<T>;
  /** The title while there is no record to name. */
  title: string;
  size?: React.ComponentProps<typeof DialogContent>['size'];
  children: (data: T) => React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent size={size}>
        {query.isPending ? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>Loading…</DialogDescription>
            </DialogHeader>
            <DialogBody>
              <RowsSkeleton rows={4} />
            </DialogBody>
          </>
        ) : query.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>It could not be loaded.</DialogDescription>
            </DialogHeader>
            <DialogBody>
              <ErrorState
                message={query.error.message}
                onRetry={() => query.refetch()}
                retrying={query.isRefetching}
              />
            </DialogBody>
          </>
        ) : (
          children(query.data)
        )}
      </DialogContent>
    </Dialog>
  );
}
