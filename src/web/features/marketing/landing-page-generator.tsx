import { useQuery } from '@tanstack/react-query';
import { Plus, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  LANDING_CREATED_TITLE,
  LANDING_PAGE_STATES,
  type LandingPageState,
  landingCreatedText,
  MAX_LANDING_PAGE_CITIES,
  pageSlug,
  SEO_TEXT,
  US_STATES,
} from '../../../shared/seo.constants';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { serviceAreasQuery } from '../service-areas/service-areas-queries';
import { useCreateLandingPages } from './marketing-queries';
import { type AreaCity, AreaCitySuggestions, areaCities, citiesNotServed, NotServedWarning } from './service-area-cities';

type Errors = Partial<Record<'keyword' | 'cities' | 'state', string>>;

/** Quick Landing Page Generator (§5): a keyword, up to 5 cities and one of the 15 supported states. */
export function LandingPageGenerator() {
  const [keyword, setKeyword] = useState('');
  const [cities, setCities] = useState<string[]>(['']);
  const [state, setState] = useState<LandingPageState | ''>('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateLandingPages();
  const areas = useQuery(serviceAreasQuery);
  const served = areaCities(areas.data?.areas ?? []);

  const filled = cities.map((c) => c.trim()).filter(Boolean);
  const notServed = areas.data ? citiesNotServed(filled, state, served) : [];
  const pickable = served.filter(
    (c) => (!state || c.state === state) && !filled.some((f) => f.toLowerCase() === c.city.toLowerCase()),
  );

  /** A service-area city goes into the first empty city field (or a new one), and sets the state when none is chosen. */
  function pick(c: AreaCity) {
    setCities((all) => {
      const empty = all.findIndex((x) => !x.trim());
      if (empty >= 0) return all.map((x, i) => (i === empty ? c.city : x));
      return all.length < MAX_LANDING_PAGE_CITIES ? [...all, c.city] : all;
    });
    if (!state) setState(c.state);
  }
  const preview = keyword.trim() && filled[0] && state ? `/seo/${pageSlug({ keyword, city: filled[0], state })}` : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The spec's checks, in its order, each with its toast (§5, §8) and an inline message.
    const problem = !keyword.trim()
      ? (['keyword', SEO_TEXT.missingKeyword] as const)
      : filled.length === 0
        ? (['cities', SEO_TEXT.noCities] as const)
        : !state
          ? (['state', SEO_TEXT.noState] as const)
          : null;
    if (problem) {
      const [field, text] = problem;
      setErrors({ [field]: text.description });
      toast.error(text.title, { description: text.description });
      return;
    }
    setErrors({});
    create.mutate(
      { keyword, cities: filled, state: state as LandingPageState },
      {
        onSuccess: (result) => {
          toast.success(LANDING_CREATED_TITLE, { description: landingCreatedText(result.count) });
          setCities(['']);
        },
        onError: (err) =>
          toast.error(SEO_TEXT.landingGenerationFailed.title, {
            description: err.message || SEO_TEXT.landingGenerationFailed.fallback,
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-accent" aria-hidden="true" />
          Quick Landing Page Generator
        </CardTitle>
        <CardDescription>One page per city, written for you and published at its own address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <Field id="lp-keyword" label="Keyword" error={errors.keyword} hint="What customers search for, e.g. mobile car detailing">
            <Input
              value={keyword}
              maxLength={80}
              placeholder="mobile car detailing"
              onChange={(e) => setKeyword(e.target.value)}
            />
          </Field>

          <fieldset className="grid gap-2" aria-describedby={errors.cities ? 'lp-cities-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              Cities <span className="font-normal text-slate-500">(up to {MAX_LANDING_PAGE_CITIES})</span>
            </legend>
            <AreaCitySuggestions cities={pickable} onPick={pick} />
            {cities.map((city, i) => (
              <div key={i} className="flex gap-2">
                <Input
                  aria-label={`City ${i + 1}`}
                  value={city}
                  maxLength={80}
                  placeholder={i === 0 ? 'Austin' : 'Another city'}
                  aria-invalid={Boolean(errors.cities)}
                  onChange={(e) => setCities((all) => all.map((c, j) => (j === i ? e.target.value : c)))}
                />
                {cities.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove city ${i + 1}`}
                    onClick={() => setCities((all) => all.filter((_, j) => j !== i))}
                  >
                    <X />
                  </Button>
                )}
              </div>
            ))}
            {errors.cities && (
              <p id="lp-cities-error" role="alert" className="text-xs font-medium text-red-600">
                {errors.cities}
              </p>
            )}
            {cities.length < MAX_LANDING_PAGE_CITIES && (
              <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setCities((all) => [...all, ''])}>
                <Plus /> Add City
              </Button>
            )}
          </fieldset>

          <div className="grid gap-1.5">
            <Label htmlFor="lp-state">State</Label>
            <Select value={state} onValueChange={(v) => setState(v as LandingPageState)}>
              <SelectTrigger id="lp-state" aria-invalid={Boolean(errors.state)} aria-describedby={errors.state ? 'lp-state-error' : undefined}>
                <SelectValue placeholder="Select a state" />
              </SelectTrigger>
              <SelectContent>
                {[...LANDING_PAGE_STATES]
                  .sort((a, b) => US_STATES[a].localeCompare(US_STATES[b]))
                  .map((code) => (
                    <SelectItem key={code} value={code}>
                      {US_STATES[code]} ({code})
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
            {errors.state && (
              <p id="lp-state-error" role="alert" className="text-xs font-medium text-red-600">
                {errors.state}
              </p>
            )}
          </div>

          <NotServedWarning cities={notServed} state={state} hasAreas={served.length > 0} />
          {preview && (
            <p className="truncate text-xs text-slate-500">
              First page address: <span className="font-mono text-slate-700">{preview}</span>
            </p>
          )}
          <Button type="submit" loading={create.isPending} className="w-full sm:w-auto sm:justify-self-start">
            Generate Landing Pages
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
