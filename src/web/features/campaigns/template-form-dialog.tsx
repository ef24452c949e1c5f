import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CAMPAIGN_MESSAGES, templateInputSchema } from '../../../shared/campaigns';
import { type Template, useSaveTemplate } from '../../api/campaigns';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ChannelSelect } from './channel-select';
import { EmailHint, SmsHint } from './sms-hint';

type FormInput = z.input<typeof templateInputSchema>;
type FormOutput = z.output<typeof templateInputSchema>;

const toForm = (t: Template | null): FormInput => ({
  name: t?.name ?? '',
  type: t?.type ?? 'email',
  category: t?.category ?? '',
  subject: t?.subject ?? '',
  content: t?.content ?? '',
});

/** Create or edit one of the owner's own templates. */
export function TemplateFormDialog({
  open,
  onOpenChange,
  template,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template: Template | null;
}) {
  const save = useSaveTemplate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(templateInputSchema),
    defaultValues: toForm(template),
  });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';

  useEffect(() => {
    if (open) form.reset(toForm(template));
  }, [open, template, form]);

  const onSubmit = form.handleSubmit(
    async (json) => {
      try {
        await save.mutateAsync({ id: template?.id, json });
        toast.success('Success', { description: CAMPAIGN_MESSAGES.templateSaved });
        onOpenChange(false);
      } catch (e) {
        toast.error('Error', { description: (e as Error).message });
      }
    },
    () => toast.error('Error', { description: CAMPAIGN_MESSAGES.required }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title={template ? 'Edit Template' : 'New Template'}
      description="Reuse a message across campaigns; variables are filled for each customer."
      submitLabel="Save Template"
      size="lg"
    >
      <Field id="template-name" label="Template Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <ChannelSelect id="template-type" value={field.value} onChange={field.onChange} />
          )}
        />
        <Field id="template-category" label="Category">
          <Input autoComplete="off" placeholder="Promotion, Reminder…" {...form.register('category')} />
        </Field>
      </div>
      {type === 'email' && (
        <Field id="template-subject" label="Subject Line">
          <Input autoComplete="off" {...form.register('subject')} />
        </Field>
      )}
      <Field id="template-content" label="Content" error={errors.content?.message}>
        <Textarea rows={6} {...form.register('content')} />
      </Field>
      {type === 'sms' ? <SmsHint message={content} /> : <EmailHint />}
    </FormDialog>
  );
}
