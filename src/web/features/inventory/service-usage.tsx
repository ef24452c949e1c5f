import { Plus, Trash2, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { INVENTORY_TEXT } from '../../../shared/inventory';
import {
  type InventoryItem,
  type ServiceUsage,
  useSaveServiceUsage,
  useServiceUsage,
} from '../../api/inventory';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

/** What each service consumes per job; completing a booking deducts it (docs/decisions/0201). */
export function ServiceUsageList({ items }: { items: InventoryItem[] }) {
  const { data, isPending, isError, refetch, isRefetching } = useServiceUsage();
  const [editing, setEditing] = useState<ServiceUsage | null>(null);
  if (isPending) return <CardGridSkeleton count={2} />;
  if (isError)
    return (
      <ErrorState message="Failed to fetch inventory" onRetry={() => refetch()} retrying={isRefetching} />
    );
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={Wrench}
        title="No services yet"
        description="Add your services, then list the supplies each one uses per job. Completing a booking deducts them from stock."
        action={
          <Button asChild>
            <Link to="/services">Set up services</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        When a booking is completed, these quantities are deducted from stock and logged as a job.
      </p>
      <ul className="grid gap-3 md:grid-cols-2">
        {data.items.map((s) => (
          <li key={s.id}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">
                  {s.name}
                  {!s.isActive && <span className="ml-2 text-xs font-normal text-slate-500">(inactive)</span>}
                </h2>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing(s)}
                  aria-label={`Edit supplies used by ${s.name}`}
                >
                  Edit
                </Button>
              </div>
              {s.items.length === 0 ? (
                <p className="text-sm text-slate-500">Uses no tracked supplies.</p>
              ) : (
                <ul className="text-sm text-slate-700">
                  {s.items.map((i) => (
                    <li
                      key={i.inventoryItemId}
                      className="flex justify-between border-t border-slate-100 py-1.5"
                    >
                      <span>{i.name}</span>
                      <span className="font-semibold tabular-nums">× {i.quantity}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <UsageDialog service={editing} items={items} onClose={() => setEditing(null)} />
    </div>
  );
}

type Line = { key: number; inventoryItemId: string; quantity: string };
let nextKey = 0;

function UsageDialog({
  service,
  items,
  onClose,
}: {
  service: ServiceUsage | null;
  items: InventoryItem[];
  onClose: () => void;
}) {
  const save = useSaveServiceUsage();
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    setLines(
      service?.items.map((i) => ({
        key: ++nextKey,
        inventoryItemId: i.inventoryItemId,
        quantity: String(i.quantity),
      })) ?? [],
    );
  }, [service]);

  const update = (key: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!service) return;
    const chosen = lines.filter((l) => l.inventoryItemId);
    if (chosen.some((l) => !/^\d+$/.test(l.quantity) || Number(l.quantity) < 1))
      return setError('Quantity must be at least 1');
    if (new Set(chosen.map((l) => l.inventoryItemId)).size !== chosen.length)
      return setError('Each item can be listed once');
    try {
      await save.mutateAsync({
        serviceId: service.id,
        items: chosen.map((l) => ({ inventoryItemId: l.inventoryItemId, quantity: Number(l.quantity) })),
      });
      toast.success('Success', { description: INVENTORY_TEXT.usageSaved });
      onClose();
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  };

  return (
    <Dialog open={service !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
          <DialogHeader>
            <DialogTitle>Supplies used per job</DialogTitle>
            <DialogDescription>
              {service?.name}: what one job uses. Completing a booking deducts these from stock.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="grid gap-3">
            {items.length === 0 && <p className="text-sm text-slate-600">Add inventory items first.</p>}
            {lines.map((line, index) => (
              <div key={line.key} className="grid grid-cols-[1fr_5rem_auto] items-end gap-2">
                <div className="grid gap-1.5">
                  <Label id={`usage-item-${line.key}`}>Item {index + 1}</Label>
                  <Select
                    value={line.inventoryItemId}
                    onValueChange={(v) => update(line.key, { inventoryItemId: v })}
                  >
                    <SelectTrigger aria-labelledby={`usage-item-${line.key}`}>
                      <SelectValue placeholder="Choose an item" />
                    </SelectTrigger>
                    <SelectContent>
                      {items.map((i) => (
                        <SelectItem key={i.id} value={i.id}>
                          {i.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`usage-qty-${line.key}`}>Quantity</Label>
                  <Input
                    id={`usage-qty-${line.key}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={line.quantity}
                    onChange={(e) => update(line.key, { quantity: e.target.value })}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove item ${index + 1}`}
                  onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}
                >
                  <Trash2 />
                </Button>
              </div>
            ))}
            {error && (
              <p role="alert" className="text-sm font-medium text-red-600">
                {error}
              </p>
            )}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={items.length === 0}
              onClick={() =>
                setLines((ls) => [...ls, { key: ++nextKey, inventoryItemId: '', quantity: '1' }])
              }
            >
              <Plus /> Add supply
            </Button>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
