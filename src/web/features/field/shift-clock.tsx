import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { formatTime } from '../../../shared/date-labels';
import { FieldButton } from './field-button';
import { fieldShiftQuery, useOutboxEntries } from './field-data';
import { fieldZone } from './field-range';
import { act } from './offline/field-sync';

/** Clock in and out of the day's shift (timesheets); offline, the tap waits in the outbox like every action. */
export function ShiftClock() {
  const shift = useQuery(fieldShiftQuery);
  const entries = useOutboxEntries().data ?? [];
  const lastPending = entries
    .filter((e) => e.action.kind === 'clock_in' || e.action.kind === 'clock_out')
    .at(-1);
  const openSince = lastPending
    ? lastPending.action.kind === 'clock_in'
      ? lastPending.action.body.deviceTime
      : null
    : (shift.data?.open?.startedAt ?? null);
  const deviceTime = () => new Date().toISOString();
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Clock className="size-4" aria-hidden="true" />
        {openSince ? `On shift since ${formatTime(openSince, fieldZone())}` : 'Not on shift'}
      </p>
      {openSince ? (
        <FieldButton
          variant="outline"
          className="h-11"
          onClick={() => act({ kind: 'clock_out', jobId: null, body: { deviceTime: deviceTime() } })}
        >
          Clock out
        </FieldButton>
      ) : (
        <FieldButton
          variant="navy"
          className="h-11"
          onClick={() => act({ kind: 'clock_in', jobId: null, body: { deviceTime: deviceTime() } })}
        >
          Clock in
        </FieldButton>
      )}
    </div>
  );
}
