import { CheckCircle2, ExternalLink, Info } from 'lucide-react';

/** After Book Now: pay in the other tab — or, once that checkout was cancelled or expired, press Book Now again. */
export function CheckoutNotice({ url, state }: { url: string; state?: string }) {
  if (state === 'cancelled' || state === 'expired') {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          {state === 'cancelled'
            ? 'Payment cancelled — nothing was charged.'
            : 'The payment page expired — nothing was charged.'}{' '}
          You can change your booking and press Book Now again.
        </p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-green-300 bg-green-50 p-4 text-sm text-green-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-center gap-2">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" /> Complete your payment in the new tab
        to confirm your booking. This page shows your confirmation as soon as you have paid.
      </p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-semibold underline"
      >
        Open payment page <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}
