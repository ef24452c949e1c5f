import { CheckCircle2, Loader2, MapPin, PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/**
 * The landing page's availability checker (spec §4: idle → checking → available | unavailable → joined), as markup
 * for every state: the server renders it idle, and the island (src/web/islands/zip-checker.ts, plain DOM, no React)
 * shows the state's parts. Inside the web app the same island is mounted on it (docs/decisions/0910).
 */
export function ZipChecker() {
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let unmount: (() => void) | undefined;
    let gone = false;
    void import('../../islands/zip-checker').then(({ mountZipChecker }) => {
      if (gone || !root.current) return;
      unmount = mountZipChecker(root.current, { toast, go: (path) => navigate(path) });
    });
    return () => {
      gone = true;
      unmount?.();
    };
  }, [navigate]);
  return (
    <div ref={root}>
      <ZipCheckerMarkup />
    </div>
  );
}

/** Every state's markup; `data-zip-*` names what the island shows, hides and fills. */
export function ZipCheckerMarkup() {
  return (
    <div data-island="zip-checker">
      <div
        className="rounded-2xl bg-white p-6 text-center text-slate-900 shadow-xl"
        role="status"
        data-zip-part="joined"
        hidden
      >
        <PartyPopper className="mx-auto size-10 text-accent" aria-hidden="true" />
        <p className="mt-3 text-xl font-bold">You're on the list!</p>
        <p className="mt-1 text-sm text-slate-600">
          We'll email you as soon as ShineRoute detailers serve <span data-zip-value="" />.
        </p>
        <Button variant="outline" className="mt-4" type="button" data-zip-reset="">
          Check Another Zip Code
        </Button>
      </div>

      <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:p-6" data-zip-part="checker">
        <form aria-label="Check service availability" data-zip-form="check">
          <Label htmlFor="zip" className="flex items-center gap-2 text-base font-semibold">
            <MapPin className="size-5 text-accent" aria-hidden="true" /> Check availability in your area
          </Label>
          <div className="mt-3 flex gap-2">
            <Input
              id="zip"
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="Enter your zip code"
              className="h-12 text-lg"
              aria-describedby="zip-hint"
            />
            <Button type="submit" size="lg" disabled>
              <Loader2 className="hidden animate-spin" aria-hidden="true" data-zip-spinner="" />
              Check
            </Button>
          </div>
          <p id="zip-hint" className="mt-2 text-xs text-slate-500">
            5-digit US zip code
          </p>
        </form>

        <form
          className="mt-4 border-t border-slate-200 pt-4"
          aria-label="Join the waitlist"
          data-zip-form="join"
          data-zip-part="unavailable"
          hidden
        >
          <p className="font-semibold">
            We're not in <span data-zip-value="" /> yet.
          </p>
          <p className="text-sm text-slate-600">Join the waitlist and we'll email you the day we launch.</p>
          <Label htmlFor="waitlist-email" className="sr-only">
            Email address
          </Label>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Input
              id="waitlist-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              className="h-11"
            />
            <Button type="submit" size="lg" disabled>
              <Loader2 className="hidden animate-spin" aria-hidden="true" data-zip-spinner="" />
              Join Waitlist
            </Button>
          </div>
        </form>
        <p
          className="mt-3 flex items-center gap-2 text-sm font-medium text-green-700"
          role="status"
          data-zip-part="available"
          hidden
        >
          <CheckCircle2 className="size-4" aria-hidden="true" /> Great news — we serve{' '}
          <span data-zip-value="" />!
        </p>
      </div>
    </div>
  );
}
