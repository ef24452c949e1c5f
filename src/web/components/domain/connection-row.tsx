import type { ReactNode } from 'react';
import { Badge, type badgeVariants } from '../ui/badge';

type Tone = NonNullable<Parameters<typeof badgeVariants>[0]>['tone'];

interface ConnectionRowProps {
  testId: string;
  /** Who or what is connected: a person, an address. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Its last problem, in red, in place of the detail line. */
  error?: string | null;
  detail?: ReactNode;
  badge?: { tone: Tone; label: string };
  /**
   * The row's buttons, on the right beside the text, which wraps a long address to make room (below the text on a
   * phone only when the buttons need more than the row has beside a 12rem column of text).
   */
  actions: ReactNode;
  /** More of it under the row: its settings, its log. */
  children?: ReactNode;
}

/**
 * One connection to the outside in a list: a calendar subscribed, a Google Calendar, a webhook endpoint — what it is,
 * how it is doing and what can be done with it, drawn the same way everywhere (one component for all of them).
 */
export function ConnectionRow({
  testId,
  title,
  subtitle,
  error,
  detail,
  badge,
  actions,
  children,
}: ConnectionRowProps) {
  return (
    <li className="space-y-3 py-3" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-48 space-y-1 text-sm">
          <p className="break-all font-medium text-slate-900">{title}</p>
          {subtitle && <p className="break-all text-slate-600">{subtitle}</p>}
          {error ? (
            <p className="text-red-700" role="status">
              {error}
            </p>
          ) : (
            detail && <p className="text-slate-600">{detail}</p>
          )}
          {badge && <Badge tone={badge.tone}>{badge.label}</Badge>}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>
      </div>
      {children}
    </li>
  );
}
