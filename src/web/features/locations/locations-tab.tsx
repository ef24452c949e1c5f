import { Archive, MapPin, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LOCATIONS_TEXT } from '../../../shared/locations';
import { type Location, useArchiveLocation, useLocations } from '../../api/locations';
import { FeatureGate } from '../../components/domain/feature-gate';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LocationForm } from './location-form';

/** The Locations tab of /business-profile (Elite, decision 1280): list, add, edit, archive. */
export function LocationsTab() {
  return (
    <FeatureGate feature="multi_location">
      <Locations />
    </FeatureGate>
  );
}

function Locations() {
  const list = useLocations();
  const archive = useArchiveLocation();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Location | null>(null);

  if (list.isPending) return <RowsSkeleton rows={3} />;
  if (list.isError)
    return (
      <ErrorState
        message={LOCATIONS_TEXT.loadFailed}
        onRetry={() => list.refetch()}
        retrying={list.isRefetching}
      />
    );
  const items = list.data.items;
  const active = items.filter((l) => !l.archivedAt);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="self-start">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <div>
            <CardTitle>Locations</CardTitle>
            <p className="text-sm text-slate-600">
              Each location has its own hours, zip codes, technicians and booking link. The zip a customer
              types chooses the location.
            </p>
          </div>
          <Button onClick={() => setEditing('new')}>
            <Plus /> Add Location
          </Button>
        </CardHeader>
        <CardContent>
          {active.length === 0 ? (
            <EmptyState
              icon={MapPin}
              title="No locations"
              description="Add a location to take bookings there."
            />
          ) : (
            <ul className="divide-y divide-slate-200">
              {items.map((l) => (
                <LocationRow
                  key={l.id}
                  location={l}
                  onEdit={() => setEditing(l)}
                  onArchive={() => setArchiving(l)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {editing && (
        <LocationForm
          key={editing === 'new' ? 'new' : editing.id}
          location={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={`Archive ${archiving?.name ?? 'this location'}?`}
        description={LOCATIONS_TEXT.archiveConfirm}
        confirmLabel="Archive"
        busy={archive.isPending}
        onConfirm={() =>
          archiving &&
          archive.mutate(archiving.id, {
            onSuccess: () => {
              toast.success('Success', { description: LOCATIONS_TEXT.archived });
              setArchiving(null);
            },
            onError: (e) => {
              toast.error('Error', { description: e.message });
              setArchiving(null);
            },
          })
        }
      />
    </div>
  );
}

function LocationRow({
  location: l,
  onEdit,
  onArchive,
}: {
  location: Location;
  onEdit: () => void;
  onArchive: () => void;
}) {
  const link = l.bookingPath ? `${window.location.origin}${l.bookingPath}` : null;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <MapPin className="size-4 text-slate-500" aria-hidden="true" />
          {l.name}
          {l.isPrimary && <Badge tone="accent">Main</Badge>}
          {l.archivedAt && <Badge>Archived</Badge>}
        </p>
        {l.address && <p className="text-sm text-slate-600">{l.address}</p>}
        <p className="text-sm text-slate-600">
          {l.zips.length > 0 ? `Zip codes: ${l.zips.join(', ')}` : 'No zip codes yet'}
          {!l.isPrimary &&
            ` · ${l.technicianIds.length} technician${l.technicianIds.length === 1 ? '' : 's'}`}
        </p>
        {link && !l.archivedAt && (
          <a href={l.bookingPath ?? undefined} className="block break-all text-sm text-blue-700 underline">
            {link}
          </a>
        )}
      </div>
      {!l.archivedAt && (
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${l.name}`}>
            <Pencil /> Edit
          </Button>
          {!l.isPrimary && (
            <Button variant="outline" size="sm" onClick={onArchive} aria-label={`Archive ${l.name}`}>
              <Archive /> Archive
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
