import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type AdjustPointsForm, adjustPointsFormSchema, LOYALTY_TEXT } from '../../../shared/loyalty.schemas';
import { useAdjustPoints, useLoyaltyCustomers } from '../../api/loyalty';
import { FormDialog, useSaveDialog } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const empty = (customerId = ''): AdjustPointsForm => ({
  customerId,
  points: '',
  type: 'earned',
  description: '',
});

/** §2 Adjust Points: customer, points, earned or redeemed, description (§5: all required, points an integer). */
export function AdjustPointsDialog({
  open,
  customerId,
  onOpenChange,
}: {
  open: boolean;
  customerId?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const customers = useLoyaltyCustomers();
  const adjust = useAdjustPoints();
  const form = useForm<AdjustPointsForm>({
    resolver: zodResolver(adjustPointsFormSchema),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(empty(customerId));
  }, [open, customerId, form]);

  const onSubmit = useSaveDialog(form, {
    save: async (v) => {
      await adjust.mutateAsync({
        customerId: v.customerId,
        points: Number.parseInt(v.points, 10),
        type: v.type,
        description: v.description,
      });
      return v.type === 'earned' ? LOYALTY_TEXT.pointsAdded : LOYALTY_TEXT.pointsRedeemed;
    },
    invalid: LOYALTY_TEXT.required,
    onOpenChange,
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title="Adjust Points"
      description="Add points a customer earned, or take off points they redeemed."
      submitLabel="Save Points"
    >
      <Field id="adjust-customer" label="Customer" error={errors.customerId?.message}>
        <Controller
          control={form.control}
          name="customerId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="adjust-customer" aria-invalid={!!errors.customerId || undefined}>
                <SelectValue placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'} />
              </SelectTrigger>
              <SelectContent>
                {customers.data?.items.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.firstName} {c.lastName} · {c.loyaltyPoints} pts
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="adjust-points" label="Points" error={errors.points?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('points')} />
        </Field>
        <Field id="adjust-type" label="Type">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="adjust-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="earned">Earned</SelectItem>
                  <SelectItem value="redeemed">Redeemed</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <Field id="adjust-description" label="Description" error={errors.description?.message}>
        <Textarea rows={2} placeholder="e.g. Referral bonus" {...form.register('description')} />
      </Field>
    </FormDialog>
  );
}
