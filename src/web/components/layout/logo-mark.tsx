import { cn } from '../../lib/class-merge';

/** The brand mark alone (the field app's header carries it without the router-bound Logo link). */
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
