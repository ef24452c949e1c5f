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
  /**
   * A table inside a card's content, under its title and beside its text (analytics figures, a purchase order, the
   * SEO pages): the same small spaced capitals over a rule instead of a band, and no edge padding, so that its first
   * column lines up with the card's text as its body cells do.
   */
  inline: {
    head: 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600',
    cell: 'py-2 pr-3 last:pr-0',
  },
} as const;

const FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' } as const;
const ROW_FROM = { md: 'hidden md:table-header-group' } as const;

/** The header row of the owner's list tables, one look for every list. */
export function TableHead({
  columns,
  variant = 'list',
  from,
}: {
  columns: TableColumn[];
  variant?: keyof typeof VARIANTS;
  /** A table whose rows turn into cards on a phone: its header row shown from this width up. */
  from?: keyof typeof ROW_FROM;
}) {
  const v = VARIANTS[variant];
  return (
    <thead className={cn(v.head, from && ROW_FROM[from])}>
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
