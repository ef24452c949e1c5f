import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { linesToList, PROFILE_TEXT, parseIntegerOrZero } from '../../../shared/business-profile';
import { type BusinessProfile, useSaveBusinessProfile } from '../../api/business-profile';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

const formSchema = z.object({
  businessName: z.string().trim().min(1, PROFILE_TEXT.nameRequired),
  businessTagline: z.string(),
  businessDescription: z.string(),
  businessAddress: z.string(),
  serviceRadiusMiles: z.string(),
  phone: z.string(),
  businessEmail: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, PROFILE_TEXT.email),
  websiteUrl: z.string(),
  yearsInBusiness: z.string(),
  insuranceInfo: z.string(),
  aboutOwner: z.string(),
  certifications: z.string(),
  specialties: z.string(),
  serviceGuarantees: z.string(),
});
export type ProfileFormValues = z.infer<typeof formSchema>;

const toForm = (p: BusinessProfile | undefined): ProfileFormValues => ({
  businessName: p?.businessName ?? '',
  businessTagline: p?.businessTagline ?? '',
  businessDescription: p?.businessDescription ?? '',
  businessAddress: p?.businessAddress ?? '',
  serviceRadiusMiles: p?.serviceRadiusMiles ? String(p.serviceRadiusMiles) : '',
  phone: p?.phone ?? '',
  businessEmail: p?.businessEmail ?? '',
  websiteUrl: p?.websiteUrl ?? '',
  yearsInBusiness: p?.yearsInBusiness ? String(p.yearsInBusiness) : '',
  insuranceInfo: p?.insuranceInfo ?? '',
  aboutOwner: p?.aboutOwner ?? '',
  certifications: (p?.certifications ?? []).join('\n'),
  specialties: (p?.specialties ?? []).join('\n'),
  serviceGuarantees: (p?.serviceGuarantees ?? []).join('\n'),
});

/** One form across the Basic Info, Business Details and Services tabs (§5 parsing on save). */
export function useProfileForm(profile: BusinessProfile | undefined) {
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: toForm(profile),
  });
  useEffect(() => {
    if (profile) form.reset(toForm(profile));
  }, [profile, form]);
  const save = useSaveBusinessProfile();
  const onSubmit = form.handleSubmit(
    async (v) => {
      try {
        await save.mutateAsync({
          ...v,
          serviceRadiusMiles: parseIntegerOrZero(v.serviceRadiusMiles),
          yearsInBusiness: parseIntegerOrZero(v.yearsInBusiness),
          certifications: linesToList(v.certifications),
          specialties: linesToList(v.specialties),
          serviceGuarantees: linesToList(v.serviceGuarantees),
        });
        toast.success('Success', { description: PROFILE_TEXT.updated });
      } catch (e) {
        toast.error(PROFILE_TEXT.updateFailed, { description: (e as Error).message });
      }
    },
    (errors) => toast.error(PROFILE_TEXT.updateFailed, { description: Object.values(errors)[0]?.message }),
  );
  return { form, onSubmit };
}

type Form = UseFormReturn<ProfileFormValues>;

function SaveBar({ form }: { form: Form }) {
  return (
    <div className="flex justify-end border-t border-slate-100 pt-4">
      <Button type="submit" loading={form.formState.isSubmitting}>
        Save Profile
      </Button>
    </div>
  );
}

export function BasicInfoFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const reg = (name: keyof ProfileFormValues) => ({ 'aria-invalid': !!errors[name], ...form.register(name) });
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="businessName" label="Business name" error={errors.businessName?.message}>
            <Input id="businessName" autoComplete="organization" {...reg('businessName')} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="businessTagline" label="Tagline">
            <Input
              id="businessTagline"
              placeholder="Showroom shine in your driveway"
              {...reg('businessTagline')}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="businessDescription" label="Description">
            <Textarea id="businessDescription" rows={4} {...reg('businessDescription')} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            id="businessAddress"
            label="Address"
            hint="Street, City, State — the city and state name your business page."
          >
            <Input
              id="businessAddress"
              autoComplete="street-address"
              placeholder="500 Congress Ave, Austin, TX"
              {...reg('businessAddress')}
            />
          </Field>
        </div>
        <Field id="serviceRadiusMiles" label="Service radius (miles)">
          <Input
            id="serviceRadiusMiles"
            type="number"
            inputMode="numeric"
            min={0}
            {...reg('serviceRadiusMiles')}
          />
        </Field>
        <Field id="phone" label="Phone">
          <Input id="phone" type="tel" autoComplete="tel" {...reg('phone')} />
        </Field>
        <Field id="businessEmail" label="Business email" error={errors.businessEmail?.message}>
          <Input id="businessEmail" type="email" autoComplete="email" {...reg('businessEmail')} />
        </Field>
        <Field id="websiteUrl" label="Website URL">
          <Input id="websiteUrl" type="url" inputMode="url" placeholder="https://" {...reg('websiteUrl')} />
        </Field>
        <div className="sm:col-span-2">
          <SaveBar form={form} />
        </div>
      </CardContent>
    </Card>
  );
}

export function BusinessDetailsFields({ form }: { form: Form }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <Field id="yearsInBusiness" label="Years in business">
          <Input
            id="yearsInBusiness"
            type="number"
            inputMode="numeric"
            min={0}
            className="max-w-40"
            {...form.register('yearsInBusiness')}
          />
        </Field>
        <Field id="insuranceInfo" label="Insurance info">
          <Input
            id="insuranceInfo"
            placeholder="$2M general liability, garage keepers"
            {...form.register('insuranceInfo')}
          />
        </Field>
        <Field id="aboutOwner" label="About the owner">
          <Textarea id="aboutOwner" rows={4} {...form.register('aboutOwner')} />
        </Field>
        <Field id="certifications" label="Certifications" hint="One per line">
          <Textarea id="certifications" rows={3} {...form.register('certifications')} />
        </Field>
        <SaveBar form={form} />
      </CardContent>
    </Card>
  );
}

export function ServicesFields({ form }: { form: Form }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <Field id="specialties" label="Specialties" hint="One per line">
          <Textarea
            id="specialties"
            rows={4}
            placeholder={'Ceramic coatings\nPaint correction'}
            {...form.register('specialties')}
          />
        </Field>
        <Field id="serviceGuarantees" label="Service guarantees" hint="One per line">
          <Textarea
            id="serviceGuarantees"
            rows={4}
            placeholder="100% satisfaction or we re-detail for free"
            {...form.register('serviceGuarantees')}
          />
        </Field>
        <SaveBar form={form} />
      </CardContent>
    </Card>
  );
}
