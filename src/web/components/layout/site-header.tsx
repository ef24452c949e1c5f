import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { signUpPath } from '../../../shared/routes';
import { useSignedIn } from '../../lib/signed-in';
import { Button } from '../ui/button';
import { Logo } from './logo';

const NAV = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Book Now', href: '/book' },
];

/** The web app's header: whether the visitor is signed in comes from the session endpoint. */
export function SiteHeader() {
  const { signedIn, isPending } = useSignedIn();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close the mobile menu whenever navigation happens (links, anchors, back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not a value read
  useEffect(() => setOpen(false), [location.pathname, location.hash]);
  return (
    <SiteHeaderView
      signedIn={isPending ? undefined : signedIn}
      open={open}
      onToggle={() => setOpen((o) => !o)}
    />
  );
}

/**
 * The header as markup. Server-rendered pages (src/web/ssr) pass `signedIn` from the request and no `onToggle`: their
 * menu button is wired by the header island (src/web/islands/header-menu.ts), which flips the same attributes.
 * `signedIn` undefined (not known yet) shows no account links.
 */
export function SiteHeaderView({
  signedIn,
  open = false,
  onToggle,
}: {
  signedIn?: boolean;
  open?: boolean;
  onToggle?: () => void;
}) {
  const accountLinks =
    signedIn === undefined ? null : signedIn ? (
      <Button asChild>
        <Link to="/dashboard">Dashboard</Link>
      </Button>
    ) : (
      <>
        <Button asChild variant="ghost">
          <Link to="/auth">Sign In</Link>
        </Button>
        <Button asChild>
          <Link to={signUpPath()}>Start Free Trial</Link>
        </Button>
      </>
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <a
              key={item.label}
              href={item.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-navy-900"
            >
              {item.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">{accountLinks}</div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          data-menu-toggle=""
          onClick={onToggle}
        >
          <Menu className={open ? 'hidden' : undefined} data-menu-icon="open" />
          <X className={open ? undefined : 'hidden'} data-menu-icon="close" />
        </Button>
      </div>
      <div id="mobile-menu" hidden={!open} className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
        <nav aria-label="Mobile" className="flex flex-col py-2">
          {NAV.map((item) => (
            <a
              key={item.label}
              href={item.href}
              onClick={onToggle && (() => onToggle())}
              data-menu-close=""
              className="rounded-md px-2 py-3 text-base font-medium text-slate-800 hover:bg-slate-50"
            >
              {item.label}
            </a>
          ))}
        </nav>
        <div className="flex flex-col gap-2">{accountLinks}</div>
      </div>
    </header>
  );
}
