import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/class-merge';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      tone: {
        neutral: 'bg-slate-100 text-slate-700',
        accent: 'bg-blue-100 text-blue-800',
        amber: 'bg-amber-100 text-amber-800',
        green: 'bg-green-100 text-green-800',
        violet: 'bg-violet-100 text-violet-800',
        red: 'bg-red-100 text-red-800',
        navy: 'bg-navy-900 text-white',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export function Badge({
  className,
  tone,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
