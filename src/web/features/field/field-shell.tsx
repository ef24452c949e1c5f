import { LogOut, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { signOutOfField } from '../../api/field';
import { LogoMark } from '../../components/layout/logo-mark';
import { DayListPage } from './day-list-page';
import { FieldButton } from './field-button';
import { usePendingCount } from './field-data';
import { FieldLink, matchFieldRoute, usePath } from './field-router';
import { notify } from './field-toast';
import { clearFieldData, startFieldSync, syncNow } from './offline/field-sync';

// The technician's installable app (issue 26): its own shell, no owner navigation; registers the service worker that
// lets /field open with no network (docs/decisions/1175).

function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/field' }).catch(() => {
      // No worker (an old browser, a private window): the app still works online.
    });
  };
  // Once the page has loaded and the phone is idle: the worker's precache does not compete with Today's first load
  // for the network and the CPU (docs/decisions/1330).
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 2000 })
      : setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** "{n} pending": how many actions wait on this phone; gone when everything is saved. */
export function PendingBadge() {
  const pending = usePendingCount();
  if (pending === 0) return null;
  return (
    <output
      aria-live="polite"
      className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900"
      data-testid="pending-badge"
    >
      {pending} pending
    </output>
  );
}

function SyncButton() {
  const [busy, setBusy] = useState(false);
  return (
    <FieldButton
      variant="outline"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const report = await syncNow();
          if (report.interrupted)
            notify.error('Not synced', 'No connection. Your changes are kept on this phone.');
          else notify.success('Synced', 'Everything is saved.');
        } finally {
          setBusy(false);
        }
      }}
    >
      {!busy && <RefreshCw aria-hidden="true" />} Sync now
    </FieldButton>
  );
}

function SignOut() {
  const pending = usePendingCount();
  const [asking, setAsking] = useState(false);
  const signOut = async () => {
    await signOutOfField();
    await clearFieldData();
    window.location.assign('/auth');
  };
  if (asking)
    return (
      <div
        role="alertdialog"
        aria-label="Sign out with unsaved changes"
        className="absolute inset-x-4 top-14 z-40 mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm shadow-lg"
      >
        <p className="font-semibold text-amber-900">
          {pending} {pending === 1 ? 'change is' : 'changes are'} not saved yet
        </p>
        <p className="mt-1 text-amber-900">
          Signing out now deletes them from this phone. Sync first when you have signal.
        </p>
        <div className="mt-3 flex gap-2">
          <FieldButton variant="outline" className="flex-1" onClick={() => setAsking(false)}>
            Keep them
          </FieldButton>
          <FieldButton variant="danger" className="flex-1" onClick={signOut}>
            Sign out anyway
          </FieldButton>
        </div>
      </div>
    );
  return (
    <FieldButton variant="ghost" onClick={() => (pending > 0 ? setAsking(true) : signOut())}>
      <LogOut aria-hidden="true" /> Sign out
    </FieldButton>
  );
}

// A job's screen (photos, signature, its actions) loads when opened: Today's first load stays small (decision 1175).
const JobPage = lazy(() => import('./job-page').then((m) => ({ default: m.JobPage })));

/** The screen for the path: Today, Tomorrow, the week or one job. */
function Screen() {
  const route = matchFieldRoute(usePath());
  if (route.screen === 'job')
    return (
      <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-slate-200" aria-busy="true" />}>
        <JobPage key={route.id} id={route.id} />
      </Suspense>
    );
  if (route.screen === 'unknown')
    return (
      <div className="space-y-3 text-center">
        <h1 className="text-xl font-bold">Page not found</h1>
        <FieldLink to="/field" className="font-semibold text-accent underline">
          Back to Today
        </FieldLink>
      </div>
    );
  return <DayListPage day={route.screen} />;
}

/** The technician's app: its own shell, no owner navigation; registers the worker that opens it offline. */
export function FieldApp() {
  useEffect(() => {
    registerServiceWorker();
    startFieldSync();
  }, []);
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="relative mx-auto flex h-14 max-w-xl items-center justify-between gap-2 px-4">
          <FieldLink
            to="/field"
            className="flex items-center gap-2 rounded-md"
            aria-label="ShineRoute field app, today"
          >
            <LogoMark />
            <span className="font-bold tracking-tight text-navy-900">ShineRoute</span>
          </FieldLink>
          <SignOut />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-xl px-4 pt-4 pb-24">
        <Screen />
      </main>
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-2">
          <PendingBadge />
          <div className="ml-auto">
            <SyncButton />
          </div>
        </div>
      </div>
    </div>
  );
}
