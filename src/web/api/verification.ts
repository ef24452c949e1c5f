import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { DocumentType } from '../../shared/verification';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const v = api.api.verification;
export type VerificationData = InferResponseType<typeof v.$get, 200>;
export type VerificationDocument = VerificationData['documents'][number];

export const verificationQuery = queryOptions({
  queryKey: queryKeys.verification.all,
  queryFn: () => unwrap(v.$get()),
});
export const useVerification = () => useQuery(verificationQuery);

export const useUploadDocument = () =>
  useMutation({
    mutationFn: ({
      documentType,
      file,
      expiryDate,
    }: {
      documentType: DocumentType;
      file: File;
      expiryDate?: string;
    }) => unwrap(v.documents.$post({ form: { documentType, file, ...(expiryDate ? { expiryDate } : {}) } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
