import { AlertTriangle, MapPin, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { LANDING_PAGE_STATES, type LandingPageState } from '../../../shared/seo.constants';
import type { ServiceArea } from '../../api/service-areas';

export interface AreaCity {
  city: string;
  state: LandingPageState;
}

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isLandingState = (code: string): code is LandingPageState =>
  (LANDING_PAGE_STATES as readonly string[]).includes(code);

/** The business's own service-area cities (active first, each once) in the generator's supported states. */
export function areaCities(areas: ServiceArea[]): AreaCity[] {
  const out: AreaCity[] = [];
  for (const a of [...areas].sort((x, y) => Number(y.isActive) - Number(x.isActive))) {
    const state = (a.stateCode ?? '').toUpperCase();
    if (!a.city?.trim() || !isLandingState(state)) continue;
    if (!out.some((c) => c.state === state && sameCity(c.city, a.city)))
      out.push({ city: a.city.trim(), state });
  }
  return out;
}

/** Typed cities the business has no service area in, for the chosen state. */
export function citiesNotServed(cities: string[], state: LandingPageState | '', served: AreaCity[]) {
  if (!state) return [];
  return cities.filter((city) => !served.some((s) => s.state === state && sameCity(s.city, city)));
}

/** "Your service areas": one tap adds a city the business serves (offered first, issue 16). */
export function AreaCitySuggestions({
  cities,
  onPick,
}: {
  cities: AreaCity[];
  onPick: (c: AreaCity) => void;
}) {
  if (cities.length === 0) return null;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-slate-800">Your service areas</p>
      <ul className="flex flex-wrap gap-2" aria-label="Your service-area cities">
        {cities.map((c) => (
          <li key={`${c.city}-${c.state}`}>
            <button
              type="button"
              onClick={() => onPick(c)}
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:border-accent hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
            >
              <Plus className="size-3.5" aria-hidden="true" />
              {c.city}, {c.state}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A page for a city the business does not serve would show "Book Now" to customers it cannot reach (a Dallas page
 * for an Austin business): say so before it is published. A warning, not a refusal: the owner may be about to add
 * the area.
 */
export function NotServedWarning({
  cities,
  state,
  hasAreas,
}: {
  cities: string[];
  state: string;
  hasAreas: boolean;
}) {
  if (cities.length === 0) return null;
  const list = cities.map((c) => `${c}, ${state}`).join('; ');
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      <p>
        {hasAreas ? 'Not in your service areas: ' : 'You have no service areas yet: '}
        <span className="font-semibold">{list}</span>. The page would invite customers there to book you.
        Choose one of your cities, or{' '}
        <Link to="/service-areas" className="font-semibold underline underline-offset-2">
          <MapPin className="mr-0.5 inline size-3.5" aria-hidden="true" />
          add the area first
        </Link>
        .
      </p>
    </div>
  );
}
