import { lazy, Suspense, useState } from 'react';
import { FIELD_INPUT, FIELD_LABEL, FieldButton } from './field-button';
import { notify } from './field-toast';
import { act } from './offline/field-sync';
import type { JobView } from './offline/overlay';

// signature_pad loads when the customer is about to sign (and is precached with the field app for offline use).
const SignaturePanel = lazy(() => import('./signature-panel').then((m) => ({ default: m.SignaturePanel })));

const now = () => new Date().toISOString();

/** The phone's position with its accuracy, or nothing (no permission, no fix within 8 s): checking in never waits on it. */
function currentPosition(): Promise<{ lat: number; lng: number; accuracyM: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracyM: Math.round(p.coords.accuracy),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    ),
  );
}

const has = (job: JobView, kind: string) =>
  job.events.some((e) => e.kind === kind) || job.pendingEvents.some((e) => e.kind === kind);

/** On my way, Check in, Complete job and Check out, each offered when it is the job's next step. */
export function JobActions({ job, locked }: { job: JobView; locked: boolean }) {
  const [askEta, setAskEta] = useState(false);
  const [eta, setEta] = useState('15');
  const [locating, setLocating] = useState(false);
  const [signing, setSigning] = useState(false);
  const notStarted = job.status === 'pending' || job.status === 'confirmed';

  const sendOnMyWay = async () => {
    const minutes = Number(eta);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240) {
      notify.error('Check the ETA', 'Enter 1 to 240 minutes.');
      return;
    }
    setAskEta(false);
    await act({ kind: 'on_my_way', jobId: job.id, body: { deviceTime: now(), etaMinutes: minutes } });
    notify.success('On my way', `${job.customer.name} will be told you arrive in about ${minutes} min.`);
  };

  const checkIn = async () => {
    setLocating(true);
    const deviceTime = now();
    const position = await currentPosition();
    setLocating(false);
    await act({ kind: 'check_in', jobId: job.id, body: { deviceTime, ...(position ?? {}) } });
    notify.success(
      'Checked in',
      position ? `Position within ${position.accuracyM} m.` : 'Without a position.',
    );
  };

  if (signing)
    return (
      <Suspense fallback={<p className="text-sm text-slate-600">Opening the signature pad…</p>}>
        <SignaturePanel
          defaultName={job.customer.name}
          onCancel={() => setSigning(false)}
          onDone={async (signature) => {
            setSigning(false);
            await act({ kind: 'complete', jobId: job.id, body: { deviceTime: now(), signature } });
            notify.success('Job completed', 'Check out when you leave.');
          }}
        />
      </Suspense>
    );

  return (
    <section aria-label="Job actions" className="space-y-2">
      <div className="grid grid-cols-2 gap-2">
        <FieldButton
          variant={notStarted && !has(job, 'on_my_way') ? 'primary' : 'outline'}
          size="lg"
          disabled={locked || !notStarted}
          onClick={() => setAskEta((v) => !v)}
          aria-expanded={askEta}
        >
          On my way
        </FieldButton>
        <FieldButton
          variant={notStarted && has(job, 'on_my_way') ? 'primary' : 'outline'}
          size="lg"
          disabled={locked || !notStarted}
          loading={locating}
          onClick={checkIn}
        >
          Check in
        </FieldButton>
        <FieldButton
          variant={job.status === 'in_progress' ? 'primary' : 'outline'}
          size="lg"
          disabled={locked || job.status !== 'in_progress'}
          onClick={() => setSigning(true)}
        >
          Complete job
        </FieldButton>
        <FieldButton
          variant={job.status === 'completed' && !has(job, 'check_out') ? 'primary' : 'outline'}
          size="lg"
          disabled={locked || job.status !== 'completed' || has(job, 'check_out')}
          onClick={async () => {
            await act({ kind: 'check_out', jobId: job.id, body: { deviceTime: now() } });
            notify.success('Checked out', 'On to the next job.');
          }}
        >
          Check out
        </FieldButton>
      </div>
      {askEta && (
        <div className="flex items-end gap-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <div className="flex-1 space-y-1">
            <label htmlFor="eta" className={FIELD_LABEL}>
              ETA (minutes)
            </label>
            <input
              className={FIELD_INPUT}
              id="eta"
              type="number"
              inputMode="numeric"
              min={1}
              max={240}
              value={eta}
              onChange={(e) => setEta(e.target.value)}
            />
          </div>
          <FieldButton onClick={sendOnMyWay}>Send</FieldButton>
        </div>
      )}
    </section>
  );
}
