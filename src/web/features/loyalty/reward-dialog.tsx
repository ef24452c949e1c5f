import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  LOYALTY_TEXT,
  REWARD_CATEGORIES,
  REWARD_CATEGORY_LABELS,
  type RewardForm,
  rewardFormSchema,
} from '../../../shared/loyalty.schemas';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { type LoyaltyReward, useSaveReward } from '../../api/loyalty';
import { FormDialog, useSaveDialog } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';

const toForm = (r: LoyaltyReward | null): RewardForm => ({
  name: r?.name ?? '',
  description: r?.description ?? '',
  pointsRequired: r ? String(r.pointsRequired) : '',
  value: r ? formatMoney(r.valueCents) : '',
  category: r?.category ?? 'discount',
  isActive: r?.isActive ?? true,
});

/** §2 New Reward (and editing one): name, description, points required, value in dollars, category. */
export function RewardDialog({
  open,
  reward,
  onOpenChange,
}: {
  open: boolean;
  reward: LoyaltyReward | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveReward();
  const form = useForm<RewardForm>({
    resolver: zodResolver(rewardFormSchema),
    defaultValues: toForm(reward),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(toForm(reward));
  }, [open, reward, form]);

  const onSubmit = useSaveDialog(form, {
    save: async (v) => {
      await save.mutateAsync({
        id: reward?.id,
        values: {
          name: v.name,
          description: v.description,
          pointsRequired: Number.parseInt(v.pointsRequired, 10),
          valueCents: dollarsToCents(v.value) ?? 0,
          category: v.category,
          isActive: v.isActive,
        },
      });
      return reward ? LOYALTY_TEXT.rewardUpdated : LOYALTY_TEXT.rewardCreated;
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
      title={reward ? 'Edit Reward' : 'New Reward'}
      description="Customers spend points on rewards when they book."
      submitLabel={reward ? 'Save Changes' : 'Create Reward'}
    >
      <Field id="reward-name" label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <Field id="reward-description" label="Description (optional)">
        <Textarea rows={2} {...form.register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="reward-points" label="Points required" error={errors.pointsRequired?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('pointsRequired')} />
        </Field>
        <Field id="reward-value" label="Value ($)" error={errors.value?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            {...form.register('value')}
          />
        </Field>
      </div>
      <Field id="reward-category" label="Category">
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="reward-category">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {REWARD_CATEGORIES.map((c) => (
                  <SelectItem key={c} value={c}>
                    {REWARD_CATEGORY_LABELS[c]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      {reward && (
        <InlineField id="reward-active" label="Active (offered to customers)">
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
          />
        </InlineField>
      )}
    </FormDialog>
  );
}
