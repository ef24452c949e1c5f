import { useMutation } from '@tanstack/react-query';
import type { ServiceImportInput } from '../../shared/service-import';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const usePreviewServiceImport = () =>
  useMutation({
    mutationFn: (input: ServiceImportInput) => unwrap(api.api.services.import.preview.$post({ json: input })),
  });

export const useImportServices = () =>
  useMutation({
    mutationFn: (input: ServiceImportInput) => unwrap(api.api.services.import.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
  });
