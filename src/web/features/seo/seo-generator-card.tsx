import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  DEFAULT_CITIES_PER_STATE,
  generatedText,
  MAX_ADMIN_KEYWORDS,
  POPULAR_VEHICLES,
  SEO_TEXT,
  STATE_CODES,
  type StateCode,
  US_STATES,
} from '../../../shared/seo.constants';
import {
  type AdminGenerateForm,
  type AdminGenerateInputParsed,
  adminGenerateFormSchema,
} from '../../../shared/seo.schemas';
import {
  isActive,
  refreshPlatformPages,
  type SeoRun,
  useGenerateSeoPages,
  useSeoSettings,
} from '../../api/admin-seo';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/utils';

const numberFormat = new Intl.NumberFormat('en-US');

/** The generator (§2): up to 3 keywords, vehicle targeting, the 50-state grid, Generate with real progress. */
export function SeoGeneratorCard({ latest }: { latest: UseQueryResult<{ run: SeoRun | null }> }) {
  const form = useForm<AdminGenerateForm, unknown, AdminGenerateInputParsed>({
    resolver: zodResolver(adminGenerateFormSchema),
    defaultValues: { keywords: [''], targetVehicles: false, selectedStates: [] },
  });
  const { errors } = form.formState;
  const [keywords = [''], targetVehicles = false, selected = []] = useWatch({
    control: form.control,
    name: ['keywords', 'targetVehicles', 'selectedStates'],
  });
  const states = new Set(selected as StateCode[]);
  const revalidate = { shouldValidate: form.formState.isSubmitted };
  const setKeywords = (update: (all: string[]) => string[]) =>
    form.setValue('keywords', update(form.getValues('keywords')), revalidate);
  const setStates = (next: Set<StateCode>) => form.setValue('selectedStates', [...next], revalidate);
  const generate = useGenerateSeoPages();
  const settings = useSeoSettings();
  const run = latest.data?.run ?? null;
  const generating = isActive(run);
  const [watchedRunId, watchRun] = useWatchedRun(run);
  const showProgress = run !== null && (generating || run.id === watchedRunId);

  const filledKeywords = keywords.map((k) => k.trim()).filter(Boolean);
  const citiesPerState = settings.data?.citiesPerState ?? DEFAULT_CITIES_PER_STATE;
  const estimate =
    states.size *
    citiesPerState *
    Math.max(filledKeywords.length, 1) *
    (targetVehicles ? POPULAR_VEHICLES.length : 1);

  const toggleState = (code: StateCode, on: boolean) => {
    const next = new Set(states);
    if (on) next.add(code);
    else next.delete(code);
    setStates(next);
  };
  const keywordsError =
    errors.keywords?.message ??
    (Array.isArray(errors.keywords) ? errors.keywords.find((e) => e?.message)?.message : undefined);

  const submit = form.handleSubmit(
    (input) =>
      generate.mutate(input, {
        onSuccess: (result) => watchRun(result.runId),
        onError: (err) =>
          toast.error(SEO_TEXT.adminGenerationFailed.title, {
            description: err.message || SEO_TEXT.adminGenerationFailed.fallback,
          }),
      }),
    // The spec's checks in its order, each with its toast (§5, §8), as well as the inline message.
    (invalid) => {
      const keywordsMessage =
        invalid.keywords?.message ??
        (Array.isArray(invalid.keywords) ? invalid.keywords.find((e) => e?.message)?.message : undefined);
      if (keywordsMessage)
        toast.error(
          keywordsMessage === SEO_TEXT.missingKeywords.description
            ? SEO_TEXT.missingKeywords.title
            : SEO_TEXT.adminGenerationFailed.title,
          {
            description: keywordsMessage,
          },
        );
      else if (invalid.selectedStates?.message)
        toast.error(SEO_TEXT.noStates.title, { description: invalid.selectedStates.message });
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-accent" aria-hidden="true" />
          Generate SEO Pages
        </CardTitle>
        <CardDescription>
          One page per keyword for each of the {citiesPerState} largest cities of every selected state
          {targetVehicles ? `, for each of ${POPULAR_VEHICLES.length} popular vehicles` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-6">
          <fieldset
            className="grid gap-2"
            aria-describedby={keywordsError ? 'seo-keywords-error' : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              Keywords <span className="font-normal text-slate-500">(up to {MAX_ADMIN_KEYWORDS})</span>
            </legend>
            {keywords.map((keyword, i) => (
              <div key={i} className="flex gap-2 sm:max-w-md">
                <Input
                  aria-label={`Keyword ${i + 1}`}
                  value={keyword}
                  maxLength={80}
                  placeholder={['mobile car detailing', 'ceramic coating', 'car wash'][i]}
                  aria-invalid={Boolean(keywordsError)}
                  onChange={(e) => setKeywords((all) => all.map((k, j) => (j === i ? e.target.value : k)))}
                />
                {keywords.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove keyword ${i + 1}`}
                    onClick={() => setKeywords((all) => all.filter((_, j) => j !== i))}
                  >
                    <X />
                  </Button>
                )}
              </div>
            ))}
            {keywords.length < MAX_ADMIN_KEYWORDS && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => setKeywords((all) => [...all, ''])}
              >
                <Plus /> Add Keyword
              </Button>
            )}
            {keywordsError && (
              <p id="seo-keywords-error" role="alert" className="text-xs font-medium text-red-600">
                {keywordsError}
              </p>
            )}
          </fieldset>

          <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
            <Checkbox
              id="target-vehicles"
              checked={targetVehicles}
              onCheckedChange={(v) => form.setValue('targetVehicles', v === true)}
            />
            <div className="grid gap-1">
              <Label htmlFor="target-vehicles">Target vehicle makes and models</Label>
              <p className="text-xs text-slate-600">
                Adds a page for each of {POPULAR_VEHICLES.length} popular vehicles (
                {POPULAR_VEHICLES.slice(0, 4)
                  .map((v) => `${v.make} ${v.model}`)
                  .join(', ')}
                …), multiplying the page count by {POPULAR_VEHICLES.length}.
              </p>
            </div>
          </div>

          <fieldset aria-describedby={errors.selectedStates?.message ? 'seo-states-error' : undefined}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <legend className="text-sm font-medium text-slate-800">States</legend>
              <div className="flex items-center gap-2">
                <span className="text-sm text-slate-600" aria-live="polite" data-testid="selected-count">
                  {states.size} selected
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setStates(new Set(STATE_CODES))}
                >
                  Select All
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => setStates(new Set())}>
                  Clear All
                </Button>
              </div>
            </div>
            <div className="grid grid-cols-5 gap-2 sm:grid-cols-10">
              {STATE_CODES.map((code) => {
                const checked = states.has(code);
                return (
                  <label
                    key={code}
                    title={US_STATES[code]}
                    className={cn(
                      'flex h-10 cursor-pointer items-center justify-center gap-1.5 rounded-lg border text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                      checked
                        ? 'border-accent bg-accent text-white'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-accent',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={checked}
                      aria-label={US_STATES[code]}
                      onChange={(e) => toggleState(code, e.target.checked)}
                    />
                    {code}
                  </label>
                );
              })}
            </div>
            {errors.selectedStates?.message && (
              <p id="seo-states-error" role="alert" className="mt-2 text-xs font-medium text-red-600">
                {errors.selectedStates.message}
              </p>
            )}
          </fieldset>

          <div className="grid gap-3">
            {estimate > 0 && !generating && (
              <p className="text-sm text-slate-600">
                About <strong className="tabular-nums text-slate-900">{numberFormat.format(estimate)}</strong>{' '}
                pages will be generated.
              </p>
            )}
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto sm:justify-self-start"
              loading={generate.isPending}
              disabled={generating}
            >
              {generating ? 'Generating...' : 'Generate SEO Pages'}
            </Button>
            {showProgress && run && <RunProgress run={run} />}
            <p className="text-xs text-slate-500">
              This may take a few minutes. Generation continues on the server if you leave this page.
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const RUN_LABEL: Record<SeoRun['status'], string> = {
  queued: 'Starting…',
  running: 'Generating pages…',
  complete: 'Done',
  error: 'Stopped by an error',
  cancelled: 'Cancelled',
};

function RunProgress({ run }: { run: SeoRun }) {
  return (
    <div className="grid gap-2 rounded-lg bg-accent-soft p-4" data-testid="generation-progress">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-navy-900">{RUN_LABEL[run.status]}</span>
        <span className="tabular-nums text-slate-700">
          {numberFormat.format(run.processedPages)} of {numberFormat.format(run.totalPages)} pages (
          {run.progress}%)
        </span>
      </div>
      <Progress value={run.progress} aria-label="Generation progress" />
    </div>
  );
}

/**
 * The run this screen follows (started here, or running when the screen opened) and the announcement of its end:
 * "SEO Pages Generated!" with the count of new pages, or "Generation Failed" (§8). The list reloads on success.
 */
function useWatchedRun(run: SeoRun | null): [string | null, (runId: string) => void] {
  const [watched, setWatched] = useState<string | null>(null);
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!run) return;
    if (isActive(run)) {
      setWatched(run.id);
      return;
    }
    if (watched !== run.id || announced.current.has(run.id)) return;
    announced.current.add(run.id);
    if (run.status === 'complete') {
      toast.success(SEO_TEXT.adminGenerated.title, { description: generatedText(run.createdPages) });
      refreshPlatformPages();
    } else if (run.status === 'error') {
      toast.error(SEO_TEXT.adminGenerationFailed.title, {
        description: run.errorMessage || SEO_TEXT.adminGenerationFailed.fallback,
      });
    }
  }, [run, watched]);
  return [watched, setWatched];
}
