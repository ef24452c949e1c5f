import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { INVENTORY_DEFAULTS, INVENTORY_TEXT } from '../../../shared/inventory';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { type InventoryItem, useSaveItem } from '../../api/inventory';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

const wholeNumber = (required: string) =>
  z.string().trim().min(1, required).regex(/^\d+$/, INVENTORY_TEXT.wholeNumber);

const formSchema = z.object({
  name: z.string().trim().min(1, INVENTORY_TEXT.nameRequired),
  category: z.string(),
  currentStock: wholeNumber(INVENTORY_TEXT.stockRequired),
  minStockAlert: wholeNumber(INVENTORY_TEXT.alertRequired),
  unitCost: z
    .string()
    .trim()
    .refine((v) => v === '' || dollarsToCents(v) !== null, INVENTORY_TEXT.cost),
  supplier: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

const toForm = (item: InventoryItem | null): FormValues => ({
  name: item?.name ?? '',
  category: item?.category ?? '',
  currentStock: String(item?.currentStock ?? INVENTORY_DEFAULTS.currentStock),
  minStockAlert: String(item?.minStockAlert ?? INVENTORY_DEFAULTS.minStockAlert),
  unitCost: item?.unitCostCents != null ? formatMoney(item.unitCostCents) : '',
  supplier: item?.supplier ?? '',
});

/** Add or edit an item (§5: name, stock and alert required; category, unit cost and supplier optional). */
export function ItemDialog({
  open,
  item,
  onOpenChange,
}: {
  open: boolean;
  item: InventoryItem | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveItem();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: toForm(item) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(toForm(item));
  }, [open, item, form]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: item?.id,
        values: {
          name: v.name,
          category: v.category,
          currentStock: Number(v.currentStock),
          minStockAlert: Number(v.minStockAlert),
          unitCostCents: v.unitCost ? dollarsToCents(v.unitCost) : null,
          supplier: v.supplier,
        },
      });
      toast.success('Success', { description: item ? INVENTORY_TEXT.updated : INVENTORY_TEXT.added });
      onOpenChange(false);
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  });

  const field = (name: keyof FormValues) => ({ 'aria-invalid': !!errors[name], ...form.register(name) });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title={item ? 'Edit Item' : 'Add Item'}
      description={
        item
          ? 'Changing the stock count is logged as a correction.'
          : 'New items start with 0 in stock and an alert at 5.'
      }
      submitLabel={item ? 'Save Changes' : 'Add Item'}
    >
      <Field id="item-name" label="Name" error={errors.name?.message}>
        <Input id="item-name" autoComplete="off" {...field('name')} />
      </Field>
      <Field id="item-category" label="Category (optional)">
        <Input id="item-category" placeholder="Chemicals, Supplies…" {...field('category')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="item-stock" label="Current stock" error={errors.currentStock?.message}>
          <Input type="number" inputMode="numeric" min={0} step={1} {...field('currentStock')} />
        </Field>
        <Field id="item-alert" label="Minimum stock alert" error={errors.minStockAlert?.message}>
          <Input type="number" inputMode="numeric" min={0} step={1} {...field('minStockAlert')} />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field id="item-cost" label="Unit cost ($, optional)" error={errors.unitCost?.message}>
          <Input id="item-cost" inputMode="decimal" placeholder="0.00" {...field('unitCost')} />
        </Field>
        <Field id="item-supplier" label="Supplier (optional)">
          <Input id="item-supplier" {...field('supplier')} />
        </Field>
      </div>
    </FormDialog>
  );
}
