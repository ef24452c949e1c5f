import { ArrowLeft, Navigation, Phone } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime, formatTime } from '../../../shared/date-labels';
import { formatCents } from '../../../shared/money';
import { BookingStatusBadge } from '../../components/domain/booking-status-badge';
import { FIELD_INPUT, FIELD_LABEL, FieldButton } from './field-button';
import { useFieldJob } from './field-data';
import { FieldLink } from './field-router';
import { JobActions } from './job-actions';
import { PhotoSection } from './job-photos';
import { addressLine, fieldVehicleText, navigateUrl } from './job-text';
import { act } from './offline/field-sync';
import { type JobView, timeline } from './offline/overlay';

const EVENT_LABELS: Record<string, string> = {
  on_my_way: 'On my way',
  check_in: 'Checked in',
  completed: 'Completed',
  check_out: 'Checked out',
  note: 'Note',
  photo: 'Photo',
  checklist: 'Checklist',
  material: 'Material',
};

const now = () => new Date().toISOString();

function Card({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={title}>
      {title && <h2 className="text-base font-semibold">{title}</h2>}
      {children}
    </section>
  );
}

function Conflict({ job }: { job: JobView }) {
  const reason = job.conflict ?? (job.status === 'cancelled' ? 'cancelled' : null);
  if (!reason) return null;
  return (
    <div role="status" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">
        {reason === 'cancelled'
          ? 'The office cancelled this job'
          : 'The office gave this job to someone else'}
      </p>
      <p className="mt-1">What you did on it was kept as notes on the booking: nothing is lost.</p>
    </div>
  );
}

function Checklist({ job, locked }: { job: JobView; locked: boolean }) {
  if (job.checklist.length === 0)
    return <p className="text-sm text-slate-500">No checklist for this service</p>;
  // Several vehicles (decision 1344): each vehicle's list under its own heading, ticked for that vehicle alone.
  const groups: { section?: string; items: JobView['checklist'] }[] = [];
  for (const item of job.checklist) {
    const last = groups.at(-1);
    if (last && last.section === item.section) last.items.push(item);
    else groups.push({ section: item.section, items: [item] });
  }
  return (
    <div className="grid gap-2">
      {groups.map((g, n) => {
        const headingId = `checklist-vehicle-${n}`;
        return (
          <section key={g.section ?? n} aria-labelledby={g.section ? headingId : undefined}>
            {g.section && (
              <h3 id={headingId} className="pt-3 pb-1 font-semibold text-slate-900 text-sm">
                {g.section}
              </h3>
            )}
            <ul className="divide-y divide-slate-100">
              {g.items.map((item) => (
                <li key={`${item.vehiclePosition ?? 0}:${item.id}`}>
                  <label className="flex min-h-12 cursor-pointer items-center gap-3 py-2">
                    <input
                      type="checkbox"
                      className="size-6 accent-accent"
                      checked={item.done}
                      disabled={locked}
                      onChange={(e) =>
                        act({
                          kind: 'checklist',
                          jobId: job.id,
                          itemId: item.id,
                          body: {
                            deviceTime: now(),
                            done: e.target.checked,
                            vehiclePosition: item.vehiclePosition ?? 0,
                          },
                        })
                      }
                    />
                    <span className={item.done ? 'text-slate-500 line-through' : ''}>{item.label}</span>
                  </label>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Materials({ job, locked }: { job: JobView; locked: boolean }) {
  const items = [...new Map(job.materials.map((m) => [m.itemId, m])).values()];
  const [itemId, setItemId] = useState(items[0]?.itemId ?? '');
  const [quantity, setQuantity] = useState('1');
  return (
    <div className="space-y-3">
      {job.materials.length === 0 ? (
        <p className="text-sm text-slate-500">No materials recorded</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {job.materials.map((m, i) => (
            <li key={`${m.itemId}-${i}`} className="flex justify-between">
              <span>{m.name}</span>
              <span className="tabular-nums">
                {m.quantity} {m.unit}
              </span>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && !locked && (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(quantity);
            if (!itemId || !Number.isInteger(n) || n < 1) return;
            void act({ kind: 'material', jobId: job.id, body: { deviceTime: now(), itemId, quantity: n } });
            setQuantity('1');
          }}
        >
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor="material-item" className={FIELD_LABEL}>
              Item
            </label>
            <select
              id="material-item"
              className="h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
              value={itemId}
              onChange={(e) => setItemId(e.target.value)}
            >
              {items.map((m) => (
                <option key={m.itemId} value={m.itemId}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div className="w-20 space-y-1">
            <label htmlFor="material-quantity" className={FIELD_LABEL}>
              Quantity
            </label>
            <input
              className={FIELD_INPUT}
              id="material-quantity"
              type="number"
              inputMode="numeric"
              min={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </div>
          <FieldButton type="submit" variant="outline" className="h-11">
            Add
          </FieldButton>
        </form>
      )}
    </div>
  );
}

function Notes({ job, locked }: { job: JobView; locked: boolean }) {
  const [text, setText] = useState('');
  return (
    <div className="space-y-3">
      {job.notes.length > 0 && (
        <ul className="space-y-2 text-sm">
          {job.notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-2">
              <p className="whitespace-pre-wrap break-words">{n.text}</p>
              <p className="mt-1 text-xs text-slate-500">
                {n.by.name} · {formatTime(n.at, job.timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = text.trim();
          if (!trimmed) return;
          void act({
            kind: 'note',
            jobId: job.id,
            body: { deviceTime: now(), text: trimmed.slice(0, 2000) },
          });
          setText('');
        }}
      >
        <label htmlFor="job-note" className={FIELD_LABEL}>
          Add a note
        </label>
        <textarea
          className={`${FIELD_INPUT} h-auto py-2`}
          id="job-note"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          disabled={locked}
        />
        <FieldButton type="submit" variant="outline" className="w-full" disabled={locked || !text.trim()}>
          Save note
        </FieldButton>
      </form>
    </div>
  );
}

function History({ job }: { job: JobView }) {
  const events = timeline(job);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-700">
        {job.history.visits > 0
          ? `${job.history.visits} earlier ${job.history.visits === 1 ? 'visit' : 'visits'}${
              job.history.lastVisitAt
                ? `, last on ${formatDateTime(job.history.lastVisitAt, job.timeZone)}`
                : ''
            }`
          : 'First visit'}
      </p>
      {job.history.notes && (
        <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-2">{job.history.notes}</p>
      )}
      {events.length > 0 && (
        <ol className="space-y-1" aria-label="Timeline">
          {events.map((e, i) => (
            <li key={`${e.kind}-${e.at}-${i}`} className="flex justify-between gap-2">
              <span>
                {EVENT_LABELS[e.kind] ?? e.kind}
                {e.etaMinutes ? ` · ETA ${e.etaMinutes} min` : ''}
                {e.accuracyM !== undefined ? ` · ±${e.accuracyM} m` : ''}
              </span>
              <span className="text-slate-500 tabular-nums">
                {formatTime(e.at, job.timeZone)}
                {e.pending ? ' · waiting' : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** One job, headed by the customer's name: where, what, and the buttons to run it. */
export function JobPage({ id }: { id: string }) {
  const { view: job, isPending } = useFieldJob(id);
  if (isPending) return <div className="h-64 animate-pulse rounded-xl bg-slate-200" aria-busy="true" />;
  if (!job)
    return (
      <div className="space-y-3 text-center">
        <h1 className="text-xl font-bold">Job not found</h1>
        <p className="text-slate-600">It is not on this phone and could not be loaded.</p>
        <FieldLink to="/field" className="font-semibold text-accent underline">
          Back to Today
        </FieldLink>
      </div>
    );
  const locked = Boolean(job.conflict) || job.status === 'cancelled' || job.status === 'no_show';
  return (
    <div className="space-y-4">
      <FieldLink
        to="/field"
        className="inline-flex h-11 items-center gap-1 text-sm font-semibold text-accent"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Today
      </FieldLink>
      <div className="space-y-1">
        <h1 className="break-words text-2xl font-bold tracking-tight">{job.customer.name}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="font-semibold tabular-nums text-slate-900">
            {formatTime(job.startsAt, job.timeZone)}–{formatTime(job.endsAt, job.timeZone)}
          </span>
          <BookingStatusBadge status={job.status} />
        </div>
      </div>
      <Conflict job={job} />
      {job.status === 'pending' && !locked && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Not confirmed by the office yet. Checking in records your arrival; the job starts when it is
          confirmed.
        </p>
      )}
      {job.notSaved.length > 0 && (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Not saved</p>
          <ul className="mt-1 list-disc pl-5">
            {job.notSaved.map((e) => (
              <li key={e.key}>
                {EVENT_LABELS[e.action.kind] ?? e.action.kind}: {e.failed?.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <JobActions job={job} locked={locked} />
      <Card>
        <p className="font-semibold">{fieldVehicleText(job.vehicle)}</p>
        <p className="text-sm text-slate-700">{addressLine(job.address)}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <a
            href={navigateUrl(job.address)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-navy-900 px-4 text-sm font-semibold text-white"
          >
            <Navigation className="size-4" aria-hidden="true" /> Navigate
          </a>
          {job.customer.phone && (
            <a
              href={`tel:${job.customer.phone}`}
              className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold"
            >
              <Phone className="size-4" aria-hidden="true" /> Call
            </a>
          )}
        </div>
        {job.accessNotes && (
          <div className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
            <p className="font-semibold">Access notes</p>
            <p className="whitespace-pre-wrap break-words">{job.accessNotes}</p>
          </div>
        )}
      </Card>
      <Card title="Services">
        {job.vehicles ? (
          <ol className="space-y-2 text-sm" aria-label="Vehicles" data-testid="job-vehicles">
            {job.vehicles.map((v, i) => (
              <li key={i}>
                <p className="font-semibold">
                  Vehicle {i + 1}: {v.name}
                </p>
                <p>{[v.service, ...v.addOns.map((a) => `+ ${a}`)].join(', ')}</p>
              </li>
            ))}
          </ol>
        ) : (
          <ul className="text-sm">
            {job.services.map((s) => (
              <li key={s.name}>{s.name}</li>
            ))}
            {job.addOns.map((a) => (
              <li key={a.name}>+ {a.name}</li>
            ))}
          </ul>
        )}
        <p className="flex justify-between border-t border-slate-100 pt-2 text-sm">
          <span>Price</span>
          <span className="font-semibold tabular-nums">{formatCents(job.priceCents)}</span>
        </p>
      </Card>
      <Card title="Photos">
        <div className="space-y-4">
          <PhotoSection job={job} kind="before" disabled={locked} />
          <PhotoSection job={job} kind="after" disabled={locked} />
        </div>
      </Card>
      <Card title="Checklist">
        <Checklist job={job} locked={locked} />
      </Card>
      <Card title="Materials used">
        <Materials job={job} locked={locked} />
      </Card>
      <Card title="Notes">
        <Notes job={job} locked={locked} />
      </Card>
      {job.signature && (
        <Card title="Signature">
          <img
            src={job.signature.url}
            alt={`Signature of ${job.signature.signerName}`}
            className="h-24 rounded border border-slate-200 bg-white"
          />
          <p className="text-sm text-slate-600">Signed by {job.signature.signerName}</p>
        </Card>
      )}
      <Card title="History">
        <History job={job} />
      </Card>
    </div>
  );
}
