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

// Whether the plan includes white-label and where the one-time setup add-on stands (decision 1357).
export const useWhiteLabelSetup = () =>
  useQuery({ queryKey: [...queryKeys.branding.all, 'setup'], queryFn: () => unwrap(branding.setup.$get()) });

// The custom domain (decision 1316).
const domainKey = [...queryKeys.branding.all, 'domain'] as const;
export const useCustomDomain = () =>
  useQuery({ queryKey: domainKey, queryFn: () => unwrap(branding.domain.$get()) });
const refreshDomain = () => queryClient.invalidateQueries({ queryKey: domainKey });

export const useSetCustomDomain = () =>
  useMutation({
    mutationFn: (json: { domain: string }) => unwrap(branding.domain.$put({ json })),
    onSuccess: refreshDomain,
  });
export const useCheckCustomDomain = () =>
  useMutation({ mutationFn: () => unwrap(branding.domain.check.$post()), onSuccess: refreshDomain });
export const useRemoveCustomDomain = () =>
  useMutation({ mutationFn: () => noContent(branding.domain.$delete()), onSuccess: refreshDomain });
