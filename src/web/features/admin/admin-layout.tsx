import { LayoutDashboard } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/layout/logo';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

/** The platform admin's screens: a slim top bar and a wide content area. */
export function AdminLayout() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo />
            <Badge tone="navy">Admin</Badge>
          </div>
          <Button asChild variant="ghost" size="sm">
            <Link to="/dashboard">
              <LayoutDashboard /> Dashboard
            </Link>
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        <Outlet />
      </main>
    </div>
  );
}
