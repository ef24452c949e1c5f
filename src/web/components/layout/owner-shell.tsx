import { Outlet } from 'react-router';
import { OwnerLayout } from './owner-layout';
import { RequireAuth } from './require-auth';

// Loaded lazily by the router: the auth client and the owner layout never reach a public page.

/** Owner screens: signed in (else /auth), inside the owner layout. */
export function OwnerShell() {
  return (
    <RequireAuth fallback={<p className="p-8 text-center text-slate-600">Loading dashboard...</p>}>
      <OwnerLayout />
    </RequireAuth>
  );
}

/** Admin screens: signed in (else /auth); the role check follows (AdminGuard). */
export function SignedInShell() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
