import type * as React from 'react';
import { cn } from '../../lib/class-merge';
import { useFieldControlProps } from './label';

export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  const field = useFieldControlProps();
  return (
    <input
      {...field}
      className={cn(
        'flex h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  const field = useFieldControlProps();
  return (
    <textarea
      {...field}
      className={cn(
        'flex min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
