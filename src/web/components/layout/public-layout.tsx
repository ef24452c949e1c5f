import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  return (
    <PublicFrame header={<SiteHeader />}>
      <Outlet />
    </PublicFrame>
  );
}

/**
 * The public pages' frame: skip link, header, main, footer (ShineRoute's unless another is given: a white-labelled
 * business's /book). Server-rendered pages (src/web/ssr) use it directly.
 */
export function PublicFrame({
  header,
  footer = <SiteFooter />,
  children,
}: {
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {header}
      {/* At least a screen tall: the footer starts below the fold, so content arriving later (lazy pages, data)
          cannot push it around on screen (layout shift); the page fills it. */}
      <main id="main" className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col [&>*:last-child]:flex-1">
        {children}
      </main>
      {footer}
    </div>
  );
}
