import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, MessageSquareX, Star } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { AUTOMATION_TEXT, type ReviewInput, reviewInputSchema } from '../../../shared/messaging';
import { type ReviewView, reviewQuery } from '../../api/reviews';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { ApiError, api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

type View = ReviewView;

/** /review/:token — the customer rates a completed job from the link in their review request (decision 614). */
export function ReviewPage() {
  const { token = '' } = useParams();
  const review = useQuery(reviewQuery(token));
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      {review.isPending ? (
        <Card className="p-6">
          <RowsSkeleton rows={3} />
        </Card>
      ) : review.isError ? (
        review.error instanceof ApiError && review.error.status === 404 ? (
          <EmptyState
            icon={MessageSquareX}
            title={AUTOMATION_TEXT.linkNotFound}
            description="Please use the link in your review request email or text."
            action={
              <Button asChild variant="outline">
                <Link to="/">Return Home</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState
            message="Failed to load the review page"
            onRetry={() => review.refetch()}
            retrying={review.isFetching}
          />
        )
      ) : (
        <Review token={token} view={review.data} />
      )}
    </div>
  );
}

function Review({ token, view }: { token: string; view: View }) {
  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">How did {view.businessName} do?</h1>
      <p className="mt-1 text-sm text-slate-600">
        {view.firstName ? `${view.firstName}, your` : 'Your'} {view.serviceName}
      </p>
      {view.submitted ? (
        <Thanks view={view} />
      ) : view.canReview ? (
        <ReviewForm token={token} />
      ) : (
        <p className="mt-6 rounded-md bg-slate-50 p-4 text-sm text-slate-700">
          {AUTOMATION_TEXT.reviewNotYet}
        </p>
      )}
    </Card>
  );
}

function Thanks({ view }: { view: View }) {
  return (
    <div className="mt-6 grid gap-4">
      <p className="flex items-center gap-2 font-medium text-green-700" role="status">
        <CheckCircle2 className="size-5" aria-hidden /> {AUTOMATION_TEXT.reviewThanks}
      </p>
      {view.externalReviewLink && (
        <p className="text-sm text-slate-600">
          Would you share it there too?{' '}
          <a
            className="inline-flex items-center gap-1 font-medium text-primary underline"
            href={view.externalReviewLink}
            rel="noopener noreferrer"
            target="_blank"
          >
            Review {view.businessName} online <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </p>
      )}
    </div>
  );
}

function ReviewForm({ token }: { token: string }) {
  const form = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { text: '' },
  });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (input: ReviewInput) =>
      unwrap(api.api.reviews[':token'].$post({ param: { token }, json: input })),
    onSuccess: (v) => queryClient.setQueryData(reviewQuery(token).queryKey, v),
    onError: (e) => {
      toast.error('Error', { description: e.message });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.byToken(token) });
    },
  });
  return (
    <form className="mt-6 grid gap-5" onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Your rating</legend>
            <div className="mt-2 flex gap-1" role="radiogroup" aria-label="Rating">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="cursor-pointer rounded-md p-1 focus-within:ring-2 focus-within:ring-primary"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    className="sr-only"
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    aria-label={`${n} star${n === 1 ? '' : 's'}`}
                  />
                  <Star
                    className={`size-8 ${(field.value ?? 0) >= n ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
                    aria-hidden
                  />
                </label>
              ))}
            </div>
            {errors.rating && (
              <p role="alert" className="mt-1 text-xs font-medium text-red-600">
                {errors.rating.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <Field
        id="review-text"
        label="Your review"
        error={errors.text?.message}
        hint="What went well, and what could be better?"
      >
        <Textarea rows={5} {...form.register('text')} />
      </Field>
      <Button type="submit" disabled={send.isPending} className="sm:justify-self-start">
        {send.isPending ? 'Sending...' : 'Send Review'}
      </Button>
    </form>
  );
}
