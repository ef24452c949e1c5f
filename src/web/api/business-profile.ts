import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { BusinessProfileInput, TestimonialInput } from '../../shared/business-profile';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const bp = api.api['business-profile'];
export type BusinessProfile = InferResponseType<typeof bp.$get, 200>;
export type Testimonial = InferResponseType<typeof bp.testimonials.$get, 200>['items'][number];

export const businessProfileQuery = queryOptions({
  queryKey: queryKeys.businessProfile.all,
  queryFn: () => unwrap(bp.$get()),
});
export const testimonialsQuery = queryOptions({
  queryKey: queryKeys.businessProfile.testimonials,
  queryFn: () => unwrap(bp.testimonials.$get()),
});

export const useBusinessProfile = () => useQuery(businessProfileQuery);
export const useTestimonials = () => useQuery(testimonialsQuery);

export const useSaveBusinessProfile = () =>
  useMutation({
    mutationFn: (values: BusinessProfileInput) => unwrap(bp.$put({ json: values })),
    onSuccess: (profile) => {
      queryClient.setQueryData(businessProfileQuery.queryKey, profile);
      // The first saved name claims the booking link (decision 0955).
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookingLink.all });
      return queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });

const refreshTestimonials = () => queryClient.invalidateQueries({ queryKey: testimonialsQuery.queryKey });

export const useAddTestimonial = () =>
  useMutation({
    mutationFn: (values: TestimonialInput) => unwrap(bp.testimonials.$post({ json: values })),
    onSuccess: refreshTestimonials,
  });

export const useFeatureTestimonial = () =>
  useMutation({
    mutationFn: ({ id, isFeatured }: { id: string; isFeatured: boolean }) =>
      unwrap(bp.testimonials[':id'].$patch({ param: { id }, json: { isFeatured } })),
    onSuccess: refreshTestimonials,
  });

export const useDeleteTestimonial = () =>
  useMutation({
    mutationFn: (id: string) => noContent(bp.testimonials[':id'].$delete({ param: { id } })),
    onSuccess: refreshTestimonials,
  });

export const useGenerateBusinessPage = () =>
  useMutation({
    mutationFn: () => unwrap(bp['business-page'].$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessProfileQuery.queryKey }),
  });
