import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MessageSquare, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  type CampaignInput,
  type CampaignType,
  campaignInputSchema,
} from '../../../shared/campaigns';
import { type Template, useAudience, useCreateCampaign, useTemplates } from '../../api/campaigns';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { ChannelSelect } from './channel-select';
import { EmailHint, SmsHint } from './sms-hint';

type FormInput = z.input<typeof campaignInputSchema>;
type FormOutput = z.output<typeof campaignInputSchema>;
const NO_TEMPLATE = 'none';

/** What a link may fill in (an insight's "Send a Tuesday promo"): a name and a message, reviewed before sending. */
export interface CampaignDraft {
  name: string;
  message: string;
}

const fromTemplate = (t: Template | null, draft?: CampaignDraft | null): FormInput => ({
  name: t ? t.name : (draft?.name ?? ''),
  type: t?.type ?? 'email',
  templateId: t?.id ?? null,
  subject: t?.subject ?? (draft ? draft.name : ''),
  message: t?.content ?? draft?.message ?? '',
});

/** §2's New Campaign form; Use Template opens it filled from the template. */
export function CampaignFormDialog({
  open,
  onOpenChange,
  template,
  draft,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template: Template | null;
  draft?: CampaignDraft | null;
}) {
  const create = useCreateCampaign();
  const templates = useTemplates();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(campaignInputSchema),
    defaultValues: fromTemplate(template, draft),
  });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' }) as CampaignType;
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const audience = useAudience(type, open);

  useEffect(() => {
    if (open) form.reset(fromTemplate(template, draft));
  }, [open, template, draft, form]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await create.mutateAsync(values as CampaignInput);
        toast.success('Success', { description: CAMPAIGN_MESSAGES.created });
        onOpenChange(false);
      } catch (e) {
        toast.error('Error', { description: (e as Error).message });
      }
    },
    () => toast.error('Error', { description: CAMPAIGN_MESSAGES.required }),
  );

  const applyTemplate = (id: string) => {
    const t = templates.data?.items.find((x) => x.id === id) ?? null;
    form.setValue('templateId', t?.id ?? null);
    if (t) {
      form.setValue('subject', t.subject ?? '');
      form.setValue('message', t.content, { shouldValidate: form.formState.isSubmitted });
    }
  };
  const ofType = (templates.data?.items ?? []).filter((t) => t.type === type);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title="New Campaign"
      description="Saved as a draft; nothing is sent until you press Send Now."
      submitLabel="Create Campaign"
      size="lg"
    >
      <Field id="campaign-name" label="Campaign Name" error={errors.name?.message}>
        <Input autoComplete="off" placeholder="Spring detailing special" {...form.register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <ChannelSelect
              id="campaign-type"
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                form.setValue('templateId', null);
              }}
            />
          )}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="campaign-template">Template (optional)</Label>
          <Controller
            control={form.control}
            name="templateId"
            render={({ field }) => (
              <Select
                value={field.value ?? NO_TEMPLATE}
                onValueChange={(v) => applyTemplate(v === NO_TEMPLATE ? '' : v)}
              >
                <SelectTrigger id="campaign-template">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_TEMPLATE}>No template</SelectItem>
                  {ofType.map((t) => (
                    <SelectItem key={t.id} value={t.id}>
                      {t.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      {type === 'email' && (
        <Field id="campaign-subject" label="Subject Line" error={errors.subject?.message}>
          <Input autoComplete="off" {...form.register('subject')} />
        </Field>
      )}
      <Field id="campaign-message" label="Message" error={errors.message?.message}>
        <Textarea rows={type === 'sms' ? 4 : 7} {...form.register('message')} />
      </Field>
      {type === 'sms' ? <SmsHint message={message} /> : <EmailHint />}
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        <p className="font-medium text-slate-800">Target Audience</p>
        <p className="mt-1 flex items-center gap-2 text-slate-700" data-testid="campaign-audience">
          <Users className="size-4 text-slate-500" aria-hidden="true" />
          All Customers
          {audience.data && (
            <span>
              · {audience.data.recipients} {audience.data.recipients === 1 ? 'recipient' : 'recipients'}
              {audience.data.skipped > 0 &&
                ` (${audience.data.skipped} skipped: no ${type === 'sms' ? 'SMS opt-in' : 'email consent'})`}
            </span>
          )}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
          {type === 'sms' ? (
            <MessageSquare className="size-3.5" aria-hidden="true" />
          ) : (
            <Mail className="size-3.5" aria-hidden="true" />
          )}
          {type === 'sms'
            ? 'Only customers who opted in to texts; sent between 8:00 AM and 9:00 PM your time.'
            : 'Everyone who has not unsubscribed.'}
        </p>
      </div>
    </FormDialog>
  );
}
