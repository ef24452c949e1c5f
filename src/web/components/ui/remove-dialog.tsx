import { toast } from 'sonner';
import { ConfirmDialog } from './alert-dialog';

/** A delete mutation keyed by the item's id (TanStack Query's `useMutation` result fits). */
interface RemoveMutation {
  mutate(id: string, options: { onSuccess: () => void; onError: (error: Error) => void }): void;
  isPending: boolean;
}

/**
 * "Remove this …?" for the item a list row chose: open while `item` is set, it deletes the item through `mutation`,
 * says so in a toast and closes once it is gone; a failure is toasted and the dialog stays open.
 */
export function RemoveDialog<T extends { id: string }>({
  item,
  onClose,
  mutation,
  title,
  description,
  confirmLabel = 'Remove',
  removedText,
  failureTitle = 'Error',
}: {
  item: T | null;
  onClose: () => void;
  mutation: RemoveMutation;
  title: string;
  description?: React.ReactNode;
  confirmLabel?: string;
  /** The success toast's description. */
  removedText: string;
  /** The failure toast's title (its description is the error's message). */
  failureTitle?: string;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onConfirm={() =>
        item &&
        mutation.mutate(item.id, {
          onSuccess: () => {
            toast.success('Success', { description: removedText });
            onClose();
          },
          onError: (err) => toast.error(failureTitle, { description: err.message }),
        })
      }
    />
  );
}
