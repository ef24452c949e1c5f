import type * as React from 'react';
import { cn } from '../../lib/class-merge';

export interface TableColumn {
  /** What the column holds; a column without a visible title (row actions) gives `hidden` for screen readers. */
  label: React.ReactNode;
  /** Amounts and counts line up on the right. */
  align?: 'right';
  /** A column a phone does without: shown from this width up. */
  from?: 'sm' | 'md';
  /** Read by screen readers only (the actions column). */
  hidden?: boolean;
}

const VARIANTS = {
  /** An owner's list: a tinted band of small spaced capitals. */
  list: { head: 'bg-slate-50 text-xs uppercase tracking-wide text-slate-600', cell: 'px-4 py-3' },
  /** A denser list of many rows (stock movements). */
  compact: { head: 'bg-slate-50 text-xs uppercase text-slate-600', cell: 'px-4 py-2' },
} as const;

const FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' } as const;

/** The header row of the owner's list tables, one look for every list. */
export function TableHead({
  columns,
  variant = 'list',
}: {
  columns: TableColumn[];
  variant?: keyof typeof VARIANTS;
}) {
  const v = VARIANTS[variant];
  return (
    <thead className={v.head}>
      <tr>
        {columns.map((col, i) => (
          <th
            // A table's columns are fixed: their place is their identity.
            key={i}
            scope="col"
            className={cn(
              v.cell,
              'font-semibold',
              col.align === 'right' && 'text-right',
              col.from && FROM[col.from],
            )}
          >
            {col.hidden ? <span className="sr-only">{col.label}</span> : col.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
