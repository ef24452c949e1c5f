import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** One numbered step of the booking form. */
export function Section({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  const id = `section-${n}`;
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader>
          {/* h2: the sections follow the page's h1 (heading order). */}
          <CardTitle asHeading="h2" id={id} className="flex items-center gap-3 text-lg">
            <span
              className="flex size-7 items-center justify-center rounded-full bg-navy-900 text-sm text-white"
              aria-hidden="true"
            >
              {n}
            </span>
            {title}
          </CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
