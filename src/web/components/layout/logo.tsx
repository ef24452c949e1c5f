import { Link } from 'react-router';
import { cn } from '../../lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#0f172a" />
      <path
        d="M7 19c2-5 5-8 9-8s7 3 9 8"
        stroke="#60a5fa"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="11" cy="21" r="2.5" fill="#fff" />
      <circle cx="21" cy="21" r="2.5" fill="#fff" />
      <path d="M22 6l1 2 2 1-2 1-1 2-1-2-2-1 2-1z" fill="#facc15" />
    </svg>
  );
}

export function Logo({ light = false }: { light?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="ShineRoute home">
      <LogoMark />
      <span className={cn('text-lg font-bold tracking-tight', light ? 'text-white' : 'text-navy-900')}>
        ShineRoute
      </span>
    </Link>
  );
}
