import type { AppliedBranding } from '../../shared/branding';

// A white-labelled business's /book (decisions 1315, 1340): the site's header and footer are the business's, rendered
// on the server only — no script of /book's island reads them, so its budget is unchanged.

/** The header: the business's logo and display name on its colour, linking to its own booking page; no links of ours. */
export function BrandHeader({ branding, homeHref }: { branding: AppliedBranding; homeHref: string }) {
  const coloured = branding.color
    ? { backgroundColor: branding.color, color: branding.textColor ?? undefined }
    : undefined;
  return (
    <header
      data-testid="brand-header"
      className="border-b border-slate-200 bg-white text-navy-900"
      style={coloured}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <a
          href={homeHref}
          className="flex min-w-0 items-center gap-3 rounded-md"
          style={{ color: 'inherit' }}
        >
          {branding.logoUrl && (
            <img
              src={branding.logoUrl}
              alt=""
              width={36}
              height={36}
              className="size-9 shrink-0 rounded object-contain"
            />
          )}
          <span className="truncate text-lg font-bold tracking-tight">{branding.displayName}</span>
        </a>
      </div>
    </header>
  );
}

/**
 * The footer: © the business, and the privacy and terms its customers book under — the business's own when it set
 * them (decision 1358), else ShineRoute's; nothing else of ShineRoute's.
 */
export function BrandFooter({ branding }: { branding: AppliedBranding }) {
  return (
    <footer data-testid="brand-footer" className="border-t border-slate-200 bg-white text-slate-600">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {branding.displayName}
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <a href={branding.privacyUrl || '/privacy'} className="hover:text-navy-900">
            Privacy
          </a>
          <a href={branding.termsUrl || '/terms'} className="hover:text-navy-900">
            Terms
          </a>
        </nav>
      </div>
    </footer>
  );
}
