import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  BRANDING_TEXT,
  type BrandingInput,
  type BrandingValues,
  brandingInputSchema,
  MAX_LOGO_BYTES,
  textOnBrand,
} from '../../../shared/branding';
import { useBranding, useRemoveLogo, useSaveBranding, useUploadLogo } from '../../api/branding';
import { BrandBand } from '../../components/brand-mark';
import { FeatureGate } from '../../components/domain/feature-gate';
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
    defaultValues: { displayName: '', color: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (branding.data)
      form.reset({ displayName: branding.data.displayName ?? '', color: branding.data.color ?? '' });
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
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Branding</CardTitle>
          <p className="text-sm text-slate-600">
            Your name, colour and logo on your booking page, emails, invoices, quotes and photo galleries,
            instead of ShineRoute’s.
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
