import { MapPin, ShieldCheck, Store } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { BookingOptions } from './booking-queries';

export function AreaLabel({ area }: { area: BookingOptions['area'] }) {
  if (!area) return null;
  return (
    <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
      <MapPin className="size-4 text-accent" aria-hidden="true" />
      Service area: {[area.city, area.state].filter(Boolean).join(', ')} {area.zip}
    </p>
  );
}

/** More than one detailer serves the zip: the customer picks one. */
export function ChooseBusiness({
  options,
  zip,
  onChoose,
}: {
  options: BookingOptions;
  zip?: string;
  onChoose: (id: string) => void;
}) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Book a Detail</h1>
      <p className="mt-2 text-slate-600">
        These detailers serve your area. Choose one to see their services and prices.
      </p>
      <AreaLabel area={options.area} />
      <ul className="mt-6 grid gap-3">
        {options.businesses.map((b) => (
          <li key={b.id}>
            <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft">
                  <Store className="size-5 text-accent" aria-hidden="true" />
                </span>
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {b.name ?? 'Mobile detailer'}
                    {b.verified && (
                      <Badge tone="green">
                        <ShieldCheck className="size-3.5" aria-hidden="true" /> Verified
                      </Badge>
                    )}
                  </p>
                  {b.tagline && <p className="text-sm text-slate-600">{b.tagline}</p>}
                </div>
              </div>
              {/* A link to the server-rendered /book of that detailer: it works before the page's script has
                  hydrated (a button did nothing then); a plain click stays in the page's own navigation. */}
              <Button asChild>
                <a
                  href={chooseHref(b.id, zip)}
                  aria-label={`Choose ${b.name ?? 'this detailer'}`}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    onChoose(b.id);
                  }}
                >
                  Choose
                </a>
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function chooseHref(businessId: string, zip?: string) {
  const params = new URLSearchParams({ business: businessId });
  if (zip) params.set('zip', zip);
  return `/book?${params}`;
}
