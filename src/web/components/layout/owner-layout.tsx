import { LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { queryClient } from '../../lib/query-client';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Logo } from './logo';
import { OWNER_NAV } from './owner-nav';

export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await authClient.signOut();
    queryClient.clear();
    navigate('/');
  };
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="space-y-0.5">
      {OWNER_NAV.map(({ to, label, icon: Icon }) => (
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

/** Owner screens: a sidebar on desktop, a drawer on phones. */
export function OwnerLayout() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="hidden bg-navy-900 lg:flex lg:min-h-dvh lg:flex-col lg:gap-6 lg:p-4">
        <div className="px-2 pt-2">
          <Logo light />
        </div>
        <nav aria-label="Owner" className="flex-1">
          <NavList />
        </nav>
        <Button variant="ghost" className="justify-start text-slate-300 hover:bg-navy-800 hover:text-white" onClick={signOut}>
          <LogOut /> Sign Out
        </Button>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
          <Logo />
          <Button variant="ghost" size="icon" aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? <X /> : <Menu />}
          </Button>
        </header>
        {open && (
          <nav aria-label="Owner mobile" className="fixed inset-x-0 top-14 bottom-0 z-30 overflow-y-auto bg-navy-900 p-4 lg:hidden">
            <NavList onNavigate={() => setOpen(false)} />
          </nav>
        )}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
