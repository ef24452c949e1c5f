import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.warn('404: no page at', location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-bold text-navy-900">404</p>
      <h1 className="text-xl text-slate-600">Oops! Page not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
