import { Camera, CheckCircle2, Circle, ClipboardList, MapPin } from 'lucide-react';
import {
  type BookingField,
  type FieldEventKind,
  type FieldPhoto,
  type JobTime,
  PHOTO_KIND_LABEL,
} from '../../../shared/field';
import { formatDate, formatDuration, formatTime } from '../../../shared/time';
import { hoursLabel } from '../../../shared/timesheets';
import { useBookingField } from '../../api/booking-field';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { BookingGalleryControls } from './booking-gallery-controls';

// The owner's view of a job in the field (issue 26): what the technician did, fed by GET /api/bookings/{id}/field.
// Times are the phone's (when the technician tapped), on the business's clock (decision 1163).

const TIMELINE: Partial<Record<FieldEventKind, string>> = {
  on_my_way: 'On my way',
  check_in: 'Checked in',
  completed: 'Job completed',
  check_out: 'Checked out',
};

/** "Nov 25, 8:26 PM CST": a field step may fall on another day than the booking (an early on-my-way, a late sync). */
const at = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone, { weekday: false, year: false })}, ${formatTime(iso, timeZone, { zoneName: true })}`;

const nothingYet = (f: BookingField) =>
  f.events.length === 0 &&
  f.photos.length === 0 &&
  f.notes.length === 0 &&
  f.materials.length === 0 &&
  !f.signature &&
  f.jobTime.length === 0 &&
  f.checklist.every((c) => !c.done);

export function BookingFieldPanel({
  bookingId,
  timeZone,
  owner = true,
}: {
  bookingId: string;
  timeZone: string;
  /** The gallery's controls are the owner's (decision 1244). */
  owner?: boolean;
}) {
  const field = useBookingField(bookingId);
  return (
    <section aria-labelledby="field-title" className="grid gap-3">
      <h3 id="field-title" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <MapPin className="size-4" aria-hidden="true" /> Field
      </h3>
      {field.isPending ? (
        <RowsSkeleton rows={2} />
      ) : field.isError ? (
        <ErrorState
          message="Could not load the field record"
          onRetry={() => field.refetch()}
          retrying={field.isFetching}
        />
      ) : nothingYet(field.data) ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          Nothing from the field yet. On my way, check-in, photos, the checklist and the customer's signature
          show here as the technician works the job.
        </p>
      ) : (
        <>
          <FieldRecord field={field.data} timeZone={timeZone} />
          {owner && field.data.photos.length > 0 && (
            <BookingGalleryControls bookingId={bookingId} photos={field.data.photos} />
          )}
        </>
      )}
    </section>
  );
}

function FieldRecord({ field, timeZone }: { field: BookingField; timeZone: string }) {
  const timeline = field.events.filter((e) => TIMELINE[e.kind]);
  return (
    <div className="grid gap-4 text-sm">
      {(timeline.length > 0 || field.jobTime.length > 0) && (
        <div className="grid gap-2">
          {timeline.length > 0 && (
            <ol aria-label="Field timeline" className="grid gap-2 border-l border-slate-200 pl-4">
              {timeline.map((e) => (
                <li key={e.id}>
                  <p className="font-medium text-slate-900">
                    {TIMELINE[e.kind]}
                    {e.kind === 'on_my_way' && e.etaMinutes ? ` · ETA ${formatDuration(e.etaMinutes)}` : ''}
                  </p>
                  <p className="text-slate-600">
                    {at(e.at, timeZone)} · {e.by.name}
                    {e.kind === 'check_in' && e.accuracyM !== undefined
                      ? ` · GPS ±${Math.round(e.accuracyM)} m`
                      : ''}
                  </p>
                </li>
              ))}
            </ol>
          )}
          {field.jobTime.length > 0 && <JobTimes entries={field.jobTime} timeZone={timeZone} />}
        </div>
      )}
      {field.photos.length > 0 && <Photos photos={field.photos} timeZone={timeZone} />}
      {field.checklist.length > 0 && (
        <div>
          <h4 className="mb-1.5 flex items-center gap-1.5 font-semibold text-slate-900">
            <ClipboardList className="size-4" aria-hidden="true" /> Checklist (
            {field.checklist.filter((c) => c.done).length}/{field.checklist.length})
          </h4>
          <ul className="grid gap-1">
            {field.checklist.map((c) => (
              <li key={`${c.vehiclePosition ?? 0}:${c.id}`} className="flex items-start gap-2">
                {c.done ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-label="Done" />
                ) : (
                  <Circle className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Not done" />
                )}
                <span className={c.done ? 'text-slate-900' : 'text-slate-600'}>
                  {c.section && <span className="text-slate-500">{c.section}: </span>}
                  {c.label}
                  {c.done && c.doneAt ? (
                    <span className="text-slate-500"> · {at(c.doneAt, timeZone)}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {field.materials.length > 0 && (
        <div>
          <h4 className="mb-1.5 font-semibold text-slate-900">Materials used</h4>
          <ul className="grid gap-1">
            {field.materials.map((m) => (
              <li key={m.itemId} className="break-words">
                {m.name}: <span className="tabular-nums">{m.quantity}</span> {m.unit}
              </li>
            ))}
          </ul>
        </div>
      )}
      {field.notes.length > 0 && (
        <div>
          <h4 className="mb-1.5 font-semibold text-slate-900">Technician notes</h4>
          <ul className="grid gap-2">
            {field.notes.map((n) => (
              <li key={n.id}>
                <p className="whitespace-pre-wrap break-words text-slate-800">{n.text}</p>
                <p className="text-xs text-slate-500">
                  {n.by.name} · {at(n.at, timeZone)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {field.signature && (
        <div>
          <h4 className="mb-1.5 font-semibold text-slate-900">Customer signature</h4>
          <img
            src={field.signature.url}
            alt={`Signature of ${field.signature.signerName}`}
            className="h-24 max-w-full rounded-lg border border-slate-200 bg-white object-contain"
          />
          <p className="mt-1 text-xs text-slate-500">
            Signed by {field.signature.signerName} · {at(field.signature.signedAt, timeZone)}
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * Each technician's time on the job: their Timesheets entry (decision 1242), in Timesheets' own words and minutes, so
 * the booking and the payroll say the same.
 */
function JobTimes({ entries, timeZone }: { entries: JobTime[]; timeZone: string }) {
  return (
    <ul aria-label="Job time" className="grid gap-1 text-slate-700">
      {entries.map((e) => (
        <li key={e.technician.id} data-testid="job-time">
          Job time: <span className="font-semibold tabular-nums">{hoursLabel(e.minutes)}</span>
          {entries.length > 1 ? ` · ${e.technician.name}` : ''}
          <span className="text-slate-600">
            {' '}
            ({formatTime(e.startedAt, timeZone)} – {e.endedAt ? formatTime(e.endedAt, timeZone) : 'now'}
            {e.edited ? ', corrected on Timesheets' : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}

function Photos({ photos, timeZone }: { photos: FieldPhoto[]; timeZone: string }) {
  return (
    <div className="grid gap-3">
      {(['before', 'after'] as const).map((kind) => {
        const ofKind = photos.filter((p) => p.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <div key={kind}>
            <h4 className="mb-1.5 flex items-center gap-1.5 font-semibold text-slate-900">
              <Camera className="size-4" aria-hidden="true" /> {PHOTO_KIND_LABEL[kind]} photos (
              {ofKind.length})
            </h4>
            <ul className="flex flex-wrap gap-2">
              {ofKind.map((p, i) => (
                <li key={p.id}>
                  <a
                    href={p.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                  >
                    <img
                      src={p.thumbUrl}
                      alt={`${PHOTO_KIND_LABEL[kind]} the job, ${i + 1} of ${ofKind.length}, ${at(p.takenAt, timeZone)} (opens full size)`}
                      width={96}
                      height={96}
                      loading="lazy"
                      className="size-24 rounded-lg border border-slate-200 bg-slate-100 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
