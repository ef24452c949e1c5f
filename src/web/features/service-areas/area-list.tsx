import { CalendarDays, MapPin, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SERVICE_AREA_TEXT } from '../../../shared/service-areas';
import { formatCalendarDate } from '../../../shared/time';
import { type ServiceArea, useDeleteServiceArea, useToggleServiceArea } from '../../api/service-areas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/list-states';
import { RemoveDialog } from '../../components/ui/remove-dialog';
import { Switch } from '../../components/ui/switch';

export function AreaList({ areas, onAdd }: { areas: ServiceArea[]; onAdd: () => void }) {
  const toggle = useToggleServiceArea();
  const del = useDeleteServiceArea();
  const [removing, setRemoving] = useState<ServiceArea | null>(null);

  if (areas.length === 0) {
    return (
      <EmptyState
        icon={MapPin}
        title="No service areas yet"
        description="Add the zip codes you serve. Customers there can book you once an area is active."
        action={<Button onClick={onAdd}>Add your first area</Button>}
      />
    );
  }

  const onToggle = (area: ServiceArea, isActive: boolean) =>
    toggle.mutate(
      { id: area.id, isActive },
      {
        onSuccess: ({ launchEmailsQueued }) =>
          toast.success(isActive ? SERVICE_AREA_TEXT.activated : SERVICE_AREA_TEXT.deactivated, {
            description:
              launchEmailsQueued > 0
                ? `Launch emails are on their way to ${launchEmailsQueued} ${launchEmailsQueued === 1 ? 'person' : 'people'} on the waitlist.`
                : undefined,
          }),
        onError: (e) => toast.error(SERVICE_AREA_TEXT.updateFailed, { description: e.message }),
      },
    );

  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Service areas">
        {areas.map((area) => (
          <li
            key={area.id}
            className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="service-area"
          >
            <MapPin className="mt-1 size-5 shrink-0 text-accent" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">
                  {area.city}
                  {area.stateCode ? `, ${area.stateCode}` : `, ${area.state}`}{' '}
                  <span className="font-normal text-slate-500">{area.zipCode}</span>
                </h3>
                <Badge tone={area.isActive ? 'green' : 'neutral'}>
                  {area.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </div>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                {area.waitingCount > 0 && (
                  <Badge tone="amber" data-testid="waiting-badge">
                    <Users className="size-3" aria-hidden="true" /> {area.waitingCount} waiting
                  </Badge>
                )}
                {area.launchDate && (
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="size-4" aria-hidden="true" /> Launch{' '}
                    {formatCalendarDate(area.launchDate, { weekday: false })}
                  </span>
                )}
              </div>
            </div>
            <div className="flex flex-col items-end gap-2">
              <Switch
                checked={area.isActive}
                onCheckedChange={(checked) => onToggle(area, checked)}
                disabled={toggle.isPending}
                aria-label={`Active: ${area.city} ${area.zipCode}`}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${area.city} ${area.zipCode}`}
                className="text-red-600 hover:bg-red-50"
                onClick={() => setRemoving(area)}
              >
                <Trash2 />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={del}
        title={SERVICE_AREA_TEXT.deleteConfirm}
        description={
          removing
            ? `${removing.city} ${removing.zipCode} will no longer be offered to customers.`
            : undefined
        }
        removedText={SERVICE_AREA_TEXT.removed}
        failureTitle={SERVICE_AREA_TEXT.removeFailed}
      />
    </>
  );
}
