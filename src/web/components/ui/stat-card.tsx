import type * as React from 'react';
import { Card } from './card';

/**
 * One figure of a summary as a card: its name, the figure and an optional line under it. Rendered as a `dt` and its
 * `dd`s, so a row of them sits in a `<dl>`.
 */
export function StatCard({ label, value, hint }: { label: string; value: string; hint?: React.ReactNode }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>}
    </Card>
  );
}
