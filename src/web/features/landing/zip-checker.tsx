import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MapPin, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ZIP_LENGTH } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { api, unwrap } from '../../lib/api';

type CheckerState = 'idle' | 'checking' | 'available' | 'unavailable' | 'joined';

/** The landing page's availability checker (spec §4: idle → checking → available | unavailable → joined). */
export function ZipChecker() {
  const navigate = useNavigate();
  const [zip, setZip] = useState('');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<CheckerState>('idle');

  const check = useMutation({
    mutationFn: (z: string) => unwrap(api.api.public.availability.$get({ query: { zip: z } })),
    onMutate: () => setState('checking'),
    onSuccess: (result) => {
      if (result.available) {
        setState('available');
        navigate(`/book?zip=${result.zip}`);
      } else {
        setState('unavailable');
      }
    },
    onError: () => {
      setState('idle');
      toast.error('Error', { description: 'Failed to check service availability. Please try again.' });
    },
  });

  const join = useMutation({
    mutationFn: (body: { email: string; zip_code: string }) => unwrap(api.api.public.waitlist.$post({ json: body })),
    onSuccess: () => {
      setState('joined');
      toast.success('Success!', {
        description: "You've been added to our waitlist. We'll notify you when service launches in your area!",
      });
    },
    onError: () => toast.error('Error', { description: 'Failed to join waitlist. Please try again.' }),
  });

  const onCheck = (e: React.FormEvent) => {
    e.preventDefault();
    if (zip.length !== ZIP_LENGTH) {
      toast.error('Invalid Zip Code', { description: 'Please enter a valid 5-digit zip code' });
      return;
    }
    check.mutate(zip);
  };

  const onJoin = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !zip) {
      toast.error('Missing Information', { description: 'Please enter both email and zip code' });
      return;
    }
    // zod loads only when someone joins, not with the landing page.
    const { waitlistInputSchema } = await import('../../../shared/public.schemas');
    const parsed = waitlistInputSchema.safeParse({ email, zip_code: zip });
    if (!parsed.success) {
      toast.error('Missing Information', { description: parsed.error.issues[0]?.message ?? 'Please enter both email and zip code' });
      return;
    }
    join.mutate({ email, zip_code: zip });
  };

  const reset = () => {
    setZip('');
    setEmail('');
    setState('idle');
  };

  if (state === 'joined') {
    return (
      <div className="rounded-2xl bg-white p-6 text-center text-slate-900 shadow-xl" role="status">
        <PartyPopper className="mx-auto size-10 text-accent" aria-hidden="true" />
        <p className="mt-3 text-xl font-bold">You're on the list!</p>
        <p className="mt-1 text-sm text-slate-600">We'll email you as soon as ShineRoute detailers serve {zip}.</p>
        <Button variant="outline" className="mt-4" onClick={reset}>
          Check Another Zip Code
        </Button>
      </div>
    );
  }

  return (
    <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:p-6">
      <form onSubmit={onCheck} aria-label="Check service availability">
        <Label htmlFor="zip" className="flex items-center gap-2 text-base font-semibold">
          <MapPin className="size-5 text-accent" aria-hidden="true" /> Check availability in your area
        </Label>
        <div className="mt-3 flex gap-2">
          <Input
            id="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="Enter your zip code"
            value={zip}
            onChange={(e) => {
              setZip(e.target.value.replace(/\D/g, '').slice(0, ZIP_LENGTH));
              if (state === 'unavailable') setState('idle');
            }}
            className="h-12 text-lg"
            aria-describedby="zip-hint"
          />
          <Button type="submit" size="lg" disabled={zip.length !== ZIP_LENGTH} loading={state === 'checking'}>
            Check
          </Button>
        </div>
        <p id="zip-hint" className="mt-2 text-xs text-slate-500">
          5-digit US zip code
        </p>
      </form>

      {state === 'unavailable' && (
        <form onSubmit={onJoin} className="mt-4 border-t border-slate-200 pt-4" aria-label="Join the waitlist">
          <p className="font-semibold">We're not in {zip} yet.</p>
          <p className="text-sm text-slate-600">Join the waitlist and we'll email you the day we launch.</p>
          <Label htmlFor="waitlist-email" className="sr-only">
            Email address
          </Label>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Input
              id="waitlist-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="h-11"
            />
            <Button type="submit" size="lg" disabled={!email} loading={join.isPending}>
              Join Waitlist
            </Button>
          </div>
        </form>
      )}
      {state === 'available' && (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-green-700" role="status">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Great news — we serve {zip}!
        </p>
      )}
    </div>
  );
}
