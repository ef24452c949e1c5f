import { ShieldAlert } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useRole } from '../../lib/role';

/**
 * The admin screens show only to admins (§2, §6). The server checks the role on every admin call as well
 * (requireAdmin → 403); this guard only decides what to show.
 */
export function AdminGuard() {
  const { data, isPending, isError } = useRole();
  if (isPending) {
    return (
      <p className="p-8 text-center text-slate-600" aria-busy="true">
        Checking permissions...
      </p>
    );
  }
  if (isError || data?.role !== 'admin') {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
            <ShieldAlert className="size-12 text-red-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
            <p className="text-slate-600">You don't have permission to access the admin panel</p>
            {/* §6: when the role query fails, this text appears under Access Denied and the role is none. */}
            {isError && <p className="text-sm font-medium text-red-700">Failed to fetch user role</p>}
            <Button asChild className="mt-2">
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }
  return <Outlet />;
}
