import type * as React from 'react';
import { cn } from '../../lib/class-merge';

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
  );
}
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}
/**
 * A card's title: an h2, as most cards sit right under the page's h1 (axe's heading-order: no level skipped); a card
 * inside a section that has its own h2 takes `asHeading="h3"`.
 */
export function CardTitle({
  className,
  asHeading: Heading = 'h2',
  ...props
}: React.ComponentProps<'h3'> & { asHeading?: 'h2' | 'h3' }) {
  return <Heading className={cn('text-base font-semibold text-slate-900', className)} {...props} />;
}
export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p className={cn('text-sm text-slate-600', className)} {...props} />;
}
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
