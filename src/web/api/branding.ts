import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BrandingValues } from '../../shared/branding';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

// White-label (Elite, decision 1315): the owner's Branding tab.

const branding = api.api.branding;

export const brandingQuery = queryOptions({
  queryKey: queryKeys.branding.all,
  queryFn: () => unwrap(branding.$get()),
});
export const useBranding = () => useQuery(brandingQuery);

const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.branding.all });

export const useSaveBranding = () =>
  useMutation({ mutationFn: (json: BrandingValues) => unwrap(branding.$put({ json })), onSuccess: refresh });

export const useUploadLogo = () =>
  useMutation({
    mutationFn: (json: { fileName: string; dataBase64: string }) => unwrap(branding.logo.$put({ json })),
    onSuccess: refresh,
  });

export const useRemoveLogo = () =>
  useMutation({ mutationFn: () => noContent(branding.logo.$delete()), onSuccess: refresh });
