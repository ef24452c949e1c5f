import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OwnerGallery, PublicGallery } from '../../shared/gallery';
import { unwrap } from '../lib/api-fetch';
import { queryClient } from '../lib/query-client';

// The before/after gallery (decision 1244): the customer's page by its token, the owner's controls on a booking.
// Outside the typed client's chain, like the field routes (app.ts).

const call = <T>(path: string, init: { method?: string; json?: unknown } = {}) =>
  unwrap(
    fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    }),
  ) as Promise<T>;

export const galleryKeys = {
  public: (token: string) => ['gallery', 'public', token] as const,
  owner: (bookingId: string) => ['gallery', 'owner', bookingId] as const,
};

export const publicGalleryQuery = (token: string) =>
  queryOptions({
    queryKey: galleryKeys.public(token),
    queryFn: () => call<PublicGallery>(`/api/public/gallery/${encodeURIComponent(token)}`),
    retry: false,
  });

export function useGalleryConsent(token: string) {
  return useMutation({
    mutationFn: (consent: boolean) =>
      call<{ consent: boolean }>(`/api/public/gallery/${encodeURIComponent(token)}/consent`, {
        method: 'PUT',
        json: { consent },
      }),
    onSuccess: ({ consent }) =>
      queryClient.setQueryData(galleryKeys.public(token), (g: PublicGallery | undefined) =>
        g ? { ...g, consent } : g,
      ),
  });
}

export const useOwnerGallery = (bookingId: string) =>
  useQuery({
    queryKey: galleryKeys.owner(bookingId),
    queryFn: () => call<OwnerGallery>(`/api/bookings/${encodeURIComponent(bookingId)}/gallery`),
  });

export function useFeaturePhoto(bookingId: string) {
  return useMutation({
    mutationFn: (v: { photoId: string; featured: boolean }) =>
      call<{ id: string; featured: boolean }>(
        `/api/bookings/${encodeURIComponent(bookingId)}/photos/${encodeURIComponent(v.photoId)}/featured`,
        { method: 'PUT', json: { featured: v.featured } },
      ),
    onSuccess: ({ id, featured }) =>
      queryClient.setQueryData(galleryKeys.owner(bookingId), (g: OwnerGallery | undefined) =>
        g ? { ...g, photos: g.photos.map((p) => (p.id === id ? { ...p, featured } : p)) } : g,
      ),
  });
}
