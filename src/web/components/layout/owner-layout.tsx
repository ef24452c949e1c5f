import { LogOut, Menu, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useBilling } from '../../api/billing';
import { authClient } from '../../lib/auth-client';
import { useRole } from '../../lib/role';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Logo } from './logo';
import { isTechnicianPath, OWNER_NAV, TECHNICIAN_HOME } from './owner-nav';

export function useSignOut() {
  return async () => {
    await authClient.signOut();
    // A full load of the server-rendered landing page: no signed-in data stays in memory, and it wins over the guard
    // of the signed-in screens, which sends a signed-out session to /auth (a client navigation raced it).
    window.location.assign('/');
  };
}

const ADMIN_LINK = { to: '/admin', label: 'Admin', description: 'Platform admin panel', icon: ShieldCheck };

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  // Platform admins also run a business view; the Admin link takes them back to /admin (issue 16).
  const isAdmin = useRole().data?.role === 'admin';
  const isTechnician = useBilling().data?.memberRole === 'technician';
  const links = isTechnician ? OWNER_NAV.filter(({ to }) => isTechnicianPath(to)) : OWNER_NAV;
  return (
    <ul className="space-y-0.5">
      {[...(isAdmin ? [ADMIN_LINK] : []), ...links].map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                isActive ? 'bg-navy-800 text-white' : 'text-slate-300 hover:bg-navy-800/60 hover:text-white',
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignOutButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      className="w-full justify-start gap-3 px-3 font-medium text-slate-300 hover:bg-navy-800 hover:text-white"
      onClick={onClick}
    >
      <LogOut /> Sign Out
    </Button>
  );
}

/** Owner screens: a sidebar on desktop, a drawer on phones (both with Sign Out). */
export function OwnerLayout() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // Known only once the role has loaded: an owner is never sent away while it loads.
  const isTechnician = useBilling().data?.memberRole === 'technician';
  if (isTechnician && !isTechnicianPath(pathname)) return <Navigate to={TECHNICIAN_HOME} replace />;
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="hidden bg-navy-900 lg:flex lg:min-h-dvh lg:flex-col lg:gap-6 lg:p-4">
        <div className="px-2 pt-2">
          <Logo light />
        </div>
        <nav aria-label="Owner" className="flex-1">
          <NavList />
        </nav>
        <SignOutButton onClick={signOut} />
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
          <Logo />
          <Button
            variant="ghost"
            size="icon"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X /> : <Menu />}
          </Button>
        </header>
        {open && (
          <nav
            aria-label="Owner mobile"
            className="fixed inset-x-0 top-14 bottom-0 z-30 overflow-y-auto bg-navy-900 p-4 lg:hidden"
          >
            <NavList onNavigate={() => setOpen(false)} />
            <div className="mt-4 border-t border-navy-800 pt-4">
              <SignOutButton onClick={signOut} />
            </div>
          </nav>
        )}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
