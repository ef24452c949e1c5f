import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { PROMO_TEXT, type PromoCodeForm, promoCodeFormSchema } from '../../../shared/promo-codes';
import { type PromoCode, useSavePromoCode } from '../../api/promo-codes';
import { FormDialog, useSaveDialog } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';

const toForm = (p: PromoCode | null): PromoCodeForm => ({
  code: p?.code ?? '',
  discountType: p?.discountType ?? 'percent',
  discountValue: p
    ? p.discountType === 'percent'
      ? String(p.discountValue)
      : formatMoney(p.discountValue)
    : '',
  startsOn: p?.startsOn ?? '',
  expiresOn: p?.expiresOn ?? '',
  usageLimit: p?.usageLimit ? String(p.usageLimit) : '',
  perCustomerLimit: p?.perCustomerLimit ? String(p.perCustomerLimit) : '',
  minOrder: p?.minOrderCents ? formatMoney(p.minOrderCents) : '',
  isActive: p?.isActive ?? true,
});
const intOrNull = (v: string) => (v ? Number.parseInt(v, 10) : null);

/** New or edited promo code: code, percent or fixed, optional dates, limits and minimum order, active. */
export function PromoCodeDialog({
  open,
  promo,
  onOpenChange,
}: {
  open: boolean;
  promo: PromoCode | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSavePromoCode();
  const form = useForm<PromoCodeForm>({
    resolver: zodResolver(promoCodeFormSchema),
    defaultValues: toForm(promo),
  });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('discountType');

  useEffect(() => {
    if (open) form.reset(toForm(promo));
  }, [open, promo, form]);

  const onSubmit = useSaveDialog(form, {
    save: async (v) => {
      await save.mutateAsync({
        id: promo?.id,
        values: {
          code: v.code,
          discountType: v.discountType,
          discountValue:
            v.discountType === 'percent'
              ? Number.parseInt(v.discountValue, 10)
              : (dollarsToCents(v.discountValue) ?? 0),
          startsOn: v.startsOn || null,
          expiresOn: v.expiresOn || null,
          usageLimit: intOrNull(v.usageLimit),
          perCustomerLimit: intOrNull(v.perCustomerLimit),
          minOrderCents: v.minOrder ? dollarsToCents(v.minOrder) : null,
          isActive: v.isActive,
        },
      });
      return promo ? PROMO_TEXT.updated : PROMO_TEXT.created;
    },
    invalid: PROMO_TEXT.required,
    onOpenChange,
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title={promo ? 'Edit Promo Code' : 'New Promo Code'}
      description="Customers type the code on your booking page; one code per booking."
      submitLabel={promo ? 'Save Changes' : 'Create Code'}
    >
      <Field
        id="promo-code-text"
        label="Code"
        error={errors.code?.message}
        hint="Not case-sensitive: spring20 and SPRING20 are the same code."
      >
        <Input className="uppercase" autoComplete="off" {...form.register('code')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="promo-type" label="Discount type">
          <Controller
            control={form.control}
            name="discountType"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="promo-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="percent">Percent off</SelectItem>
                  <SelectItem value="fixed">Amount off ($)</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field
          id="promo-value"
          label={type === 'percent' ? 'Percent' : 'Amount ($)'}
          error={errors.discountValue?.message}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={type === 'percent' ? 1 : 0.01}
            {...form.register('discountValue')}
          />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field id="promo-starts" label="Starts (optional)">
          <Input type="date" {...form.register('startsOn')} />
        </Field>
        <Field id="promo-expires" label="Expires (optional)" error={errors.expiresOn?.message}>
          <Input type="date" {...form.register('expiresOn')} />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field id="promo-limit" label="Total uses (optional)" error={errors.usageLimit?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('usageLimit')} />
        </Field>
        <Field
          id="promo-per-customer"
          label="Uses per customer (optional)"
          error={errors.perCustomerLimit?.message}
        >
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('perCustomerLimit')} />
        </Field>
      </div>
      <Field id="promo-min" label="Minimum order ($, optional)" error={errors.minOrder?.message}>
        <Input type="number" inputMode="decimal" min={0} step={0.01} {...form.register('minOrder')} />
      </Field>
      <InlineField id="promo-active" label="Active">
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
        />
      </InlineField>
    </FormDialog>
  );
}
