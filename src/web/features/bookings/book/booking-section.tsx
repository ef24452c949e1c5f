import type * as React from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

/** One numbered step of the booking form. */
export function Section({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  const id = `section-${n}`;
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader>
          {/* h2: the sections follow the page's h1 (heading order). CardTitle's look at a larger size, written out: the
              island joins classes without tailwind-merge (docs/decisions/0914). */}
          <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-slate-900">
            <span
              className="flex size-7 items-center justify-center rounded-full bg-navy-900 text-sm text-white"
              aria-hidden="true"
            >
              {n}
            </span>
            {title}
          </h2>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
