import { Loader2 } from 'lucide-react';
import type * as React from 'react';

// The field app's buttons: big targets for one thumb (44 px and up), without the owner app's class merging (the
// field app's first load does not carry tailwind-merge, docs/decisions/1175), so each size is a whole class set.

const VARIANTS = {
  primary: 'bg-accent text-white hover:bg-accent-hover',
  navy: 'bg-navy-900 text-white hover:bg-navy-800',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
} as const;
const SIZES = { md: 'h-11 px-4 text-sm', lg: 'h-14 px-4 text-base' } as const;

export function FieldButton({
  variant = 'primary',
  size = 'md',
  loading,
  disabled,
  className = '',
  children,
  ...props
}: React.ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  loading?: boolean;
}) {
  return (
    <button
      type="button"
      disabled={disabled || loading}
      className={`inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...props}
    >
      {loading && <Loader2 className="animate-spin" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** Inputs of the field app: 44 px tall, 16 px text (no zoom on focus in iOS Safari). */
export const FIELD_INPUT =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-accent/40 disabled:opacity-50';
export const FIELD_LABEL = 'block text-sm font-medium text-slate-800';
