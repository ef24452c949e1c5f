import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { ConsentInput } from '../../../shared/campaigns';
import {
  CUSTOMER_MESSAGES,
  type CustomerInput,
  customerInputSchema,
} from '../../../shared/customers.schemas';
import { type Customer, useSaveCustomer } from '../../api/customers';
import { FormDialog, failureMessage } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ApiError } from '../../lib/api';
import { MarketingConsentFields, saveMarketingConsent } from './marketing-consent-fields';

const EMPTY: CustomerInput = { firstName: '', lastName: '', email: '', phone: '', address: '', notes: '' };

/** Add or edit a customer (§5: names and email required; empty optional fields are stored as null). */
export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: Customer | null;
}) {
  const save = useSaveCustomer();
  const form = useForm<CustomerInput>({ resolver: zodResolver(customerInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const consent = useRef<ConsentInput | null>(null);
  const onConsentChange = useCallback((v: ConsentInput | null) => {
    consent.current = v;
  }, []);

  useEffect(() => {
    if (!open) return;
    form.reset(
      customer
        ? {
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phone: customer.phone ?? '',
            address: customer.address ?? '',
            notes: customer.notes ?? '',
          }
        : EMPTY,
    );
  }, [open, customer, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: customer?.id, values });
      if (consent.current) await saveMarketingConsent(saved.id, consent.current);
      toast.success('Success', {
        description: customer ? 'Customer updated successfully' : 'Customer created successfully',
      });
      onOpenChange(false);
    } catch (e) {
      const message = failureMessage(e, 'Failed to save customer');
      if (e instanceof ApiError && e.status === 409 && message === CUSTOMER_MESSAGES.duplicateEmail) {
        form.setError('email', { message });
      }
      toast.error('Error', { description: message });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title={customer ? 'Edit Customer' : 'Add Customer'}
      description="First name, last name and email are required."
      submitLabel={customer ? 'Save Changes' : 'Add Customer'}
      size="lg"
      bodyClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field id="customer-firstName" label="First name" error={errors.firstName?.message}>
        <Input autoComplete="off" {...form.register('firstName')} />
      </Field>
      <Field id="customer-lastName" label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="off" {...form.register('lastName')} />
      </Field>
      <Field id="customer-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <Field id="customer-phone" label="Phone">
        <Input id="customer-phone" type="tel" autoComplete="off" {...form.register('phone')} />
      </Field>
      <div className="sm:col-span-2">
        <Field id="customer-address" label="Address">
          <Input id="customer-address" autoComplete="off" {...form.register('address')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="customer-notes" label="Notes">
          <Textarea id="customer-notes" rows={3} {...form.register('notes')} />
        </Field>
      </div>
      <MarketingConsentFields customerId={customer?.id ?? null} open={open} onChange={onConsentChange} />
    </FormDialog>
  );
}
