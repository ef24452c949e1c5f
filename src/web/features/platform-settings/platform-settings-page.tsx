import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2, CircleDashed, Save } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  BANNER_MAX,
  type PlatformSettingsForm,
  type PlatformSettingsValues,
  platformSettingsFormSchema,
  SETTINGS_TEXT,
  settingsToForm,
} from '../../../shared/platform-settings';
import { formatDateTime, viewerTimeZone } from '../../../shared/time';
import { type AdminSettings, useAdminSettings, useSaveSettings } from '../../api/platform-settings';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { failureMessage } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field, Label } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Switch } from '../../components/ui/switch';

/** /admin/settings: platform settings (banner, prices, support, tax, lead price) and the outside services in use. */
export function PlatformSettingsPage() {
  const query = useAdminSettings();
  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Settings"
        description="Platform-wide settings. Changes apply to every server within a few seconds, without a restart."
      />
      {query.isPending ? (
        <RowsSkeleton rows={6} />
      ) : query.isError ? (
        <ErrorState
          message="Failed to load settings"
          onRetry={() => query.refetch()}
          retrying={query.isRefetching}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <SettingsForm data={query.data} />
          <OutsideServices services={query.data.services} />
        </div>
      )}
    </>
  );
}

function SettingsForm({ data }: { data: AdminSettings }) {
  const save = useSaveSettings();
  const form = useForm<PlatformSettingsForm, unknown, PlatformSettingsValues>({
    resolver: zodResolver(platformSettingsFormSchema),
    defaultValues: settingsToForm(data.settings),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => {
    form.reset(settingsToForm(data.settings));
  }, [data.settings, form]);
  const bannerLength = form.watch('bannerText').trim().length;
  /** A dollar field's id, error and registration, all by its form name. */
  const money = (name: 'starterPrice' | 'proPrice' | 'elitePrice' | 'leadPrice' | 'platformFeeFixed') => ({
    id: name,
    error: errors[name]?.message,
    ...form.register(name),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(SETTINGS_TEXT.saved, { description: 'The new values are live.' });
    } catch (e) {
      toast.error('Error', { description: failureMessage(e, 'Failed to save settings') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <SettingsSection
        title="Promotional banner"
        description="Shown at the top of the public landing page. While it is on, new subscriptions get 50% off their first 3 months (billing applies it and the plan cards show it); off, the banner is hidden and prices are full."
        contentClassName="grid gap-4"
      >
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="bannerEnabled"
            render={({ field }) => (
              <Switch id="bannerEnabled" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor="bannerEnabled">Show the banner and apply the promotion</Label>
        </div>
        <Field
          id="bannerText"
          label="Banner text"
          error={errors.bannerText?.message}
          hint={`${bannerLength} of ${BANNER_MAX} characters`}
        >
          <Textarea id="bannerText" rows={2} {...form.register('bannerText')} />
        </Field>
      </SettingsSection>

      <SettingsSection
        title="Plan prices"
        description="Monthly prices in the landing page's pricing section, in dollars."
        contentClassName="grid gap-4 sm:grid-cols-3"
      >
        <MoneyField {...money('starterPrice')} label="Starter" />
        <MoneyField {...money('proPrice')} label="Pro" />
        <MoneyField {...money('elitePrice')} label="Elite" />
      </SettingsSection>

      <SettingsSection
        title="Support contact"
        description="Shown on the contact page."
        contentClassName="grid gap-4 sm:grid-cols-2"
      >
        <Field id="supportEmail" label="Support email" error={errors.supportEmail?.message}>
          <Input id="supportEmail" type="email" autoComplete="off" {...form.register('supportEmail')} />
        </Field>
        <Field id="supportPhone" label="Support phone" error={errors.supportPhone?.message}>
          <Input id="supportPhone" type="tel" autoComplete="off" {...form.register('supportPhone')} />
        </Field>
      </SettingsSection>

      <SettingsSection
        title="Defaults and fees"
        description="The tax rate a new quote starts with, what a business pays per assigned lead, and the platform's fee on each customer payment."
        contentClassName="grid gap-4 sm:grid-cols-2"
      >
        <Field
          id="defaultTaxRate"
          label="Default tax rate (%)"
          error={errors.defaultTaxRate?.message}
          hint="0 to 100"
        >
          <Input id="defaultTaxRate" inputMode="decimal" {...form.register('defaultTaxRate')} />
        </Field>
        <MoneyField {...money('leadPrice')} label="Lead price" hint="$10.00 to $20.00 per lead" />
        <Field
          id="platformFeePercent"
          label="Platform fee (%)"
          error={errors.platformFeePercent?.message}
          hint="Of each charge, never of a tip; 0 to 50"
        >
          <Input id="platformFeePercent" inputMode="decimal" {...form.register('platformFeePercent')} />
        </Field>
        <MoneyField
          {...money('platformFeeFixed')}
          label="Platform fee per charge"
          hint="Added to the percentage; $0.00 to $5.00"
        />
      </SettingsSection>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          {data.settings.updatedAt
            ? `Last saved ${formatDateTime(data.settings.updatedAt, viewerTimeZone())}${data.settings.updatedByEmail ? ` by ${data.settings.updatedByEmail}` : ''}`
            : 'Showing the defaults; nothing saved yet.'}
        </p>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty && Boolean(data.settings.updatedAt)}>
          <Save /> Save settings
        </Button>
      </div>
    </form>
  );
}

function MoneyField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & React.ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <span
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        >
          $
        </span>
        <Input id={id} inputMode="decimal" className="pl-7 tabular-nums" {...input} />
      </div>
    </Field>
  );
}

function OutsideServices({ services }: { services: AdminSettings['services'] }) {
  return (
    <SettingsSection
      title="Outside services"
      description="Set by the server's environment; read-only here. Secrets are never shown."
      className="h-fit"
    >
      <ul className="grid gap-3" aria-label="Outside services">
        {services.map((s) => (
          <li key={s.key} className="flex items-start gap-3" data-testid="outside-service">
            {s.configured ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />
            ) : (
              <CircleDashed className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium text-slate-900">{s.name}</p>
                <Badge tone={s.configured ? 'green' : 'neutral'} className="shrink-0">
                  {s.configured ? 'Configured' : 'Not set'}
                </Badge>
              </div>
              <p className="text-sm text-slate-600">{s.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}

/** One titled card of the settings screen. */
function SettingsSection({
  title,
  description,
  className,
  contentClassName,
  children,
}: {
  title: string;
  description: string;
  className?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
