import type * as React from 'react';
import { useSyncExternalStore } from 'react';

// The field app's four screens need no router library (react-router would add ≈ 25 KB gzipped to a first load capped
// at 120 KB, docs/decisions/1175): the path is read from the History API, links push onto it.

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current path, without a trailing slash ("/field/" in development is "/field"). */
export const usePath = () =>
  useSyncExternalStore(subscribe, () => window.location.pathname.replace(/(.)\/+$/, '$1'));

export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
}

/** A link inside the field app: same-page navigation on a plain click, the browser's own otherwise. */
export function FieldLink({
  to,
  onClick,
  ...props
}: Omit<React.ComponentProps<'a'>, 'href'> & { to: string }) {
  return (
    <a
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
      {...props}
    />
  );
}

export type FieldRoute =
  | { screen: 'today' | 'tomorrow' | 'week' }
  | { screen: 'job'; id: string }
  | { screen: 'unknown' };

export function matchFieldRoute(path: string): FieldRoute {
  if (path === '/field') return { screen: 'today' };
  if (path === '/field/tomorrow') return { screen: 'tomorrow' };
  if (path === '/field/week') return { screen: 'week' };
  const job = /^\/field\/jobs\/([^/]+)$/.exec(path);
  if (job) return { screen: 'job', id: decodeURIComponent(job[1]!) };
  return { screen: 'unknown' };
}
