import type * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/auth-client';

/** Signed-out visitors of owner routes go to /auth (and come back after signing in). */
export function RequireAuth({
  children,
  fallback,
}: {
  children: React.ReactNode;
  fallback?: React.ReactNode;
}) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return fallback ?? <p className="p-8 text-center text-slate-600">Loading...</p>;
  if (!data?.user)
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
