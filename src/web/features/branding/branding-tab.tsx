import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  BRANDING_TEXT,
  type BrandingInput,
  type BrandingValues,
  brandingInputSchema,
  MAX_LOGO_BYTES,
  textOnBrand,
} from '../../../shared/branding';
import { DEFAULT_TIME_ZONE, formatDate } from '../../../shared/time';
import {
  useBranding,
  useRemoveLogo,
  useSaveBranding,
  useUploadLogo,
  useWhiteLabelSetup,
} from '../../api/branding';
import { useScheduling } from '../../api/scheduling';
import { BrandBand } from '../../components/brand-mark';
import { FeatureGate } from '../../components/domain/feature-gate';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { CustomDomainCard } from './custom-domain-card';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The Branding tab of /business-profile (Elite): the name, colour and logo customers see instead of ShineRoute's. */
export function BrandingTab() {
  return (
    <FeatureGate feature="white_label">
      <BrandingSettings />
    </FeatureGate>
  );
}

/** The file's bytes as base64 (the API takes the logo as JSON). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

function BrandingSettings() {
  const branding = useBranding();
  const save = useSaveBranding();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<BrandingInput, unknown, BrandingValues>({
    resolver: zodResolver(brandingInputSchema),
    defaultValues: { displayName: '', color: '', privacyUrl: '', termsUrl: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (branding.data)
      form.reset({
        displayName: branding.data.displayName ?? '',
        color: branding.data.color ?? '',
        privacyUrl: branding.data.privacyUrl ?? '',
        termsUrl: branding.data.termsUrl ?? '',
      });
  }, [branding.data, form]);

  if (branding.isPending) return <RowsSkeleton rows={3} />;
  if (branding.isError)
    return <ErrorState message={BRANDING_TEXT.loadFailed} onRetry={() => branding.refetch()} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Success', { description: BRANDING_TEXT.saved });
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  });

  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) return toast.error('Error', { description: BRANDING_TEXT.logoTooLarge });
    try {
      await upload.mutateAsync({ fileName: file.name, dataBase64: await base64Of(file) });
      toast.success('Success', { description: BRANDING_TEXT.logoSaved });
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const removeLogo = async () => {
    try {
      await remove.mutateAsync();
      toast.success('Success', { description: BRANDING_TEXT.logoRemoved });
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  };

  const name = form.watch('displayName');
  const color = form.watch('color');
  const validColor = color && HEX.test(color) ? color.toLowerCase() : null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <WhiteLabelSetupCard />
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Branding</CardTitle>
          <p className="text-sm text-slate-600">
            Your name, colour, logo and legal pages on your booking page, emails, invoices, quotes and photo
            galleries, instead of ShineRoute’s.
          </p>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field
              id="brand-display-name"
              label="Display name"
              hint="Leave empty to use your business name"
              error={errors.displayName?.message}
            >
              <Input autoComplete="organization" {...form.register('displayName')} />
            </Field>
            <Field
              id="brand-color"
              label="Brand colour"
              hint="As #RRGGBB. Text on it is white or dark, whichever reads better."
              error={errors.color?.message}
            >
              <div className="flex gap-2">
                <Input
                  placeholder="#0F766E"
                  autoComplete="off"
                  className="font-mono"
                  {...form.register('color')}
                />
                <input
                  type="color"
                  aria-label="Pick the brand colour"
                  className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white"
                  value={validColor ?? '#0f766e'}
                  onChange={(e) => form.setValue('color', e.target.value, { shouldDirty: true })}
                />
              </div>
            </Field>
            <Field
              id="brand-privacy-url"
              label="Privacy policy URL"
              hint="Your own privacy policy, linked from your booking pages and emails instead of ShineRoute’s. Leave empty to keep ShineRoute’s."
              error={errors.privacyUrl?.message}
            >
              <Input
                type="url"
                inputMode="url"
                placeholder="https://example.com/privacy"
                autoComplete="url"
                {...form.register('privacyUrl')}
              />
            </Field>
            <Field
              id="brand-terms-url"
              label="Terms URL"
              hint="Your own terms of service, linked the same way. Leave empty to keep ShineRoute’s."
              error={errors.termsUrl?.message}
            >
              <Input
                type="url"
                inputMode="url"
                placeholder="https://example.com/terms"
                autoComplete="url"
                {...form.register('termsUrl')}
              />
            </Field>
            <Button type="submit" loading={isSubmitting}>
              Save Branding
            </Button>
          </form>
        </CardContent>
      </Card>

      <div className="grid gap-6 self-start">
        <Card>
          <CardHeader>
            <CardTitle>Logo</CardTitle>
            <p className="text-sm text-slate-600">A PNG, JPEG or WebP image up to 512 KB.</p>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-3">
            {branding.data.logoUrl && (
              <img
                src={branding.data.logoUrl}
                alt="Your logo"
                className="size-16 rounded border border-slate-200 object-contain"
              />
            )}
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              id="brand-logo-file"
              data-testid="brand-logo-file"
              onChange={(e) => void chooseLogo(e.target.files?.[0])}
            />
            <Button variant="outline" loading={upload.isPending} onClick={() => fileInput.current?.click()}>
              <ImageUp /> {branding.data.logoUrl ? 'Replace Logo' : 'Upload Logo'}
            </Button>
            {branding.data.logoUrl && (
              <Button variant="outline" loading={remove.isPending} onClick={() => void removeLogo()}>
                <Trash2 /> Remove
              </Button>
            )}
          </CardContent>
        </Card>
        <CustomDomainCard />
        <Card>
          <CardHeader>
            <CardTitle>Preview</CardTitle>
          </CardHeader>
          <CardContent>
            <BrandBand
              branding={{
                displayName: name?.trim() || 'Your business',
                color: validColor,
                textColor: validColor ? textOnBrand(validColor) : null,
                logoUrl: branding.data.logoUrl,
              }}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * Where the one-time White-label setup add-on stands (decision 1357): Elite includes white-label, set up here by the
 * owner; the setup bought on /billing is our team doing it, in progress until marked done.
 */
// The state's badge keeps to its words' width, on one line, at every width.
const BADGE = 'shrink-0 self-start whitespace-nowrap sm:self-center';

function WhiteLabelSetupCard() {
  const setup = useWhiteLabelSetup();
  const timeZone = useScheduling().data?.timeZone ?? DEFAULT_TIME_ZONE;
  if (!setup.data) return null;
  const { status, purchasedAt, doneAt } = setup.data;
  return (
    <Card className="lg:col-span-2" role="region" aria-label="White-label setup">
      <CardContent className="flex flex-col gap-2 pt-6 text-sm sm:flex-row sm:items-center sm:gap-3">
        {status === 'done' ? (
          <>
            <Badge tone="green" className={BADGE}>
              Setup done
            </Badge>
            <p className="text-slate-700" data-testid="white-label-setup-state">
              Our team set up your white-label
              {doneAt ? ` on ${formatDate(doneAt, timeZone, { weekday: false })}` : ''}. You can change
              anything here.
            </p>
          </>
        ) : status === 'in_progress' ? (
          <>
            <Badge tone="amber" className={BADGE}>
              Setup in progress
            </Badge>
            <p className="text-slate-700" data-testid="white-label-setup-state">
              You bought the White-label setup
              {purchasedAt ? ` on ${formatDate(purchasedAt, timeZone, { weekday: false })}` : ''}: our team is
              setting up your branding. What you change here meanwhile is kept.
            </p>
          </>
        ) : (
          <>
            <Badge tone="navy" className={BADGE}>
              Included in Elite
            </Badge>
            <p className="text-slate-700" data-testid="white-label-setup-state">
              Set up your white-label yourself below, or have our team do it with the one-time White-label
              setup ($499) on the{' '}
              <Link to="/billing" className="font-semibold text-blue-700 underline">
                Billing page
              </Link>
              .
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
