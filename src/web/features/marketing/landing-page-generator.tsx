import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Sparkles, X } from 'lucide-react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
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
import {
  type LandingPagesForm,
  type LandingPagesInput,
  landingPagesFormSchema,
} from '../../../shared/seo.schemas';
import { useCreateLandingPages } from '../../api/marketing';
import { serviceAreasQuery } from '../../api/service-areas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import {
  type AreaCity,
  AreaCitySuggestions,
  areaCities,
  citiesNotServed,
  NotServedWarning,
} from './service-area-cities';

const EMPTY: LandingPagesForm = { keyword: '', cities: [''], state: '' };
/** The spec's checks in its order, each with its toast (§5, §8) as well as the inline message. */
const CHECKS = [
  ['keyword', SEO_TEXT.missingKeyword],
  ['cities', SEO_TEXT.noCities],
  ['state', SEO_TEXT.noState],
] as const;

/** Quick Landing Page Generator (§5): a keyword, up to 5 cities and one of the 15 supported states. */
export function LandingPageGenerator() {
  const form = useForm<LandingPagesForm, unknown, LandingPagesInput>({
    resolver: zodResolver(landingPagesFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const create = useCreateLandingPages();
  const areas = useQuery(serviceAreasQuery);
  const served = areaCities(areas.data?.items ?? []);
  const [keyword = '', cities = [''], stateValue = ''] = useWatch({
    control: form.control,
    name: ['keyword', 'cities', 'state'],
  });
  const state = stateValue as LandingPageState | '';
  const setCities = (update: (all: string[]) => string[]) =>
    form.setValue('cities', update(form.getValues('cities')), { shouldValidate: form.formState.isSubmitted });

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
    if (!state) form.setValue('state', c.state);
  }
  const preview =
    keyword.trim() && filled[0] && state ? `/seo/${pageSlug({ keyword, city: filled[0], state })}` : null;
  const citiesError = citiesOf(errors);

  const submit = form.handleSubmit(
    (input) =>
      create.mutate(input, {
        onSuccess: (result) => {
          toast.success(LANDING_CREATED_TITLE, { description: landingCreatedText(result.count) });
          form.setValue('cities', ['']);
        },
        onError: (err) =>
          toast.error(SEO_TEXT.landingGenerationFailed.title, {
            description: err.message || SEO_TEXT.landingGenerationFailed.fallback,
          }),
      }),
    (invalid) => {
      for (const [key, text] of CHECKS) {
        const message = key === 'cities' ? citiesOf(invalid) : invalid[key]?.message;
        if (!message) continue;
        // The empty city field takes the focus, with its inline message read out.
        if (key === 'cities') document.getElementById('lp-city-1')?.focus();
        toast.error(message === text.description ? text.title : SEO_TEXT.landingGenerationFailed.title, {
          description: message,
        });
        return;
      }
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-accent" aria-hidden="true" />
          Quick Landing Page Generator
        </CardTitle>
        <CardDescription>
          One page per city, written for you and published at its own address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <Field
            id="lp-keyword"
            label="Keyword"
            error={errors.keyword?.message}
            hint="What customers search for, e.g. mobile car detailing"
          >
            <Input maxLength={80} placeholder="e.g. mobile car detailing" {...form.register('keyword')} />
          </Field>

          <fieldset className="grid gap-2" aria-describedby={citiesError ? 'lp-cities-error' : undefined}>
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
                  // "e.g." so that an example never reads as a city already entered (issue 25).
                  placeholder={i === 0 ? 'e.g. Austin' : 'e.g. Round Rock'}
                  id={i === 0 ? 'lp-city-1' : undefined}
                  aria-invalid={Boolean(citiesError)}
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
            {citiesError && (
              <p id="lp-cities-error" role="alert" className="text-xs font-medium text-red-600">
                {citiesError}
              </p>
            )}
            {cities.length < MAX_LANDING_PAGE_CITIES && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => setCities((all) => [...all, ''])}
              >
                <Plus /> Add City
              </Button>
            )}
          </fieldset>

          <Field id="lp-state" label="State" error={errors.state?.message}>
            <Select
              value={state}
              onValueChange={(v) => form.setValue('state', v, { shouldValidate: form.formState.isSubmitted })}
            >
              <SelectTrigger>
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
          </Field>

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

/** The cities' message: on the list itself (none, too many) or on one city (too long). */
function citiesOf(errors: FieldErrors<LandingPagesForm>) {
  const cities = errors.cities;
  return cities?.message ?? (Array.isArray(cities) ? cities.find((e) => e?.message)?.message : undefined);
}
