import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareQuote, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  PROFILE_TEXT,
  RATING_DEFAULT,
  type TestimonialForm,
  type TestimonialInput,
  testimonialFormSchema,
} from '../../../shared/business-profile';
import { formatCalendarDate } from '../../../shared/time';
import {
  type Testimonial,
  useAddTestimonial,
  useDeleteTestimonial,
  useFeatureTestimonial,
  useTestimonials,
} from '../../api/business-profile';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const EMPTY: TestimonialForm = {
  customerName: '',
  serviceType: '',
  rating: String(RATING_DEFAULT),
  testimonialText: '',
};

export function TestimonialsTab() {
  const add = useAddTestimonial();
  const form = useForm<TestimonialForm, unknown, TestimonialInput>({
    resolver: zodResolver(testimonialFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await add.mutateAsync(values);
        toast.success('Success', { description: PROFILE_TEXT.testimonialAdded });
        form.reset(EMPTY);
      } catch (err) {
        toast.error(PROFILE_TEXT.testimonialAddFailed, { description: (err as Error).message });
      }
    },
    // §5's toast as well as the inline errors.
    () => toast.error(PROFILE_TEXT.testimonialMissingTitle, { description: PROFILE_TEXT.testimonialMissing }),
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Add a testimonial</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <Field id="t-name" label="Customer name" error={errors.customerName?.message}>
              <Input autoComplete="off" {...form.register('customerName')} />
            </Field>
            <Field id="t-service" label="Service type" error={errors.serviceType?.message}>
              <Input placeholder="Premium Detail" {...form.register('serviceType')} />
            </Field>
            <Field id="t-rating" label="Rating" error={errors.rating?.message}>
              <Controller
                control={form.control}
                name="rating"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger className="max-w-40">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {[5, 4, 3, 2, 1].map((n) => (
                        <SelectItem key={n} value={String(n)}>
                          {`${n} star${n === 1 ? '' : 's'}`}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field id="t-text" label="Testimonial text" error={errors.testimonialText?.message}>
              <Textarea rows={4} {...form.register('testimonialText')} />
            </Field>
            <Button type="submit" loading={isSubmitting} className="justify-self-start">
              Add Testimonial
            </Button>
          </form>
        </CardContent>
      </Card>
      <TestimonialList />
    </div>
  );
}

function TestimonialList() {
  const { data, isPending, isError, refetch, isRefetching } = useTestimonials();
  const feature = useFeatureTestimonial();
  const del = useDeleteTestimonial();
  const [deleting, setDeleting] = useState<Testimonial | null>(null);

  // §8: testimonial fetch errors are only logged; we still offer a retry.
  if (isPending) return <RowsSkeleton rows={3} />;
  if (isError) {
    console.warn('Failed to fetch testimonials');
    return (
      <ErrorState message="Could not load testimonials" onRetry={() => refetch()} retrying={isRefetching} />
    );
  }
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={MessageSquareQuote}
        title="No testimonials yet"
        description="Add what happy customers said. Featured testimonials (up to 3) appear on your business page."
      />
    );
  }
  return (
    <section aria-label="Testimonials">
      <ul className="grid gap-3">
        {data.items.map((t) => (
          <li key={t.id} data-testid="testimonial">
            <Card className="p-4">
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft font-bold text-accent"
                >
                  {t.customerInitial}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-slate-900">{t.customerName}</p>
                    {t.isFeatured && <Badge tone="green">Featured</Badge>}
                  </div>
                  <p className="text-xs text-slate-500">
                    {t.serviceType ? `${t.serviceType} · ` : ''}Received{' '}
                    {formatCalendarDate(t.dateReceived, { weekday: false })}
                  </p>
                  <p className="mt-1 flex" role="img" aria-label={`${t.rating} out of 5 stars`}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Star
                        key={n}
                        className={
                          n <= t.rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'
                        }
                        aria-hidden="true"
                      />
                    ))}
                  </p>
                  <p className="mt-2 text-sm text-slate-700">“{t.testimonialText}”</p>
                </div>
              </div>
              <div className="mt-3 flex justify-end gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    feature.mutate(
                      { id: t.id, isFeatured: !t.isFeatured },
                      {
                        onSuccess: (r) =>
                          toast.success('Success', {
                            description: r.isFeatured
                              ? PROFILE_TEXT.testimonialFeatured
                              : PROFILE_TEXT.testimonialUnfeatured,
                          }),
                        onError: (e) =>
                          toast.error(PROFILE_TEXT.testimonialUpdateFailed, { description: e.message }),
                      },
                    )
                  }
                >
                  {t.isFeatured ? 'Unfeature' : 'Feature'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 hover:bg-red-50"
                  aria-label={`Delete testimonial from ${t.customerName}`}
                  onClick={() => setDeleting(t)}
                >
                  <Trash2 /> Delete
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this testimonial?"
        description={
          deleting
            ? `The testimonial from ${deleting.customerName} will be removed from your profile and business page.`
            : undefined
        }
        busy={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Success', { description: PROFILE_TEXT.testimonialDeleted });
              setDeleting(null);
            },
            onError: (e) => toast.error(PROFILE_TEXT.testimonialDeleteFailed, { description: e.message }),
          })
        }
      />
    </section>
  );
}
