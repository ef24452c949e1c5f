import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { JoinPlanInput, PlanInput } from '../../shared/memberships';
import { ApiError, api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

// Maintenance plans (issue 32): the owner's Plans screen, the public plans page and the member's own page.

const owner = api.api.memberships;
const pub = api.api.public.memberships;
export type OwnerPlan = InferResponseType<typeof owner.plans.$get, 200>['items'][number];
export type PlanMember = InferResponseType<typeof owner.members.$get, 200>['items'][number];
export type MembershipSummary = InferResponseType<typeof owner.summary.$get, 200>;
export type PublicPlans = InferResponseType<(typeof pub.business)[':ref']['$get'], 200>;
export type MemberView = InferResponseType<(typeof pub.member)[':token']['$get'], 200>;

export const plansQuery = queryOptions({
  queryKey: queryKeys.memberships.plans,
  queryFn: () => unwrap(owner.plans.$get()),
});
export const membersQuery = queryOptions({
  queryKey: queryKeys.memberships.members,
  queryFn: () => unwrap(owner.members.$get()),
});
export const summaryQuery = queryOptions({
  queryKey: queryKeys.memberships.summary,
  queryFn: () => unwrap(owner.summary.$get()),
});
export const usePlans = () => useQuery(plansQuery);
export const useMembers = () => useQuery(membersQuery);
export const useMembershipSummary = () => useQuery(summaryQuery);

const invalidateAll = () => queryClient.invalidateQueries({ queryKey: queryKeys.memberships.all });

export const useSavePlan = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: PlanInput }) =>
      id
        ? unwrap(owner.plans[':id'].$put({ param: { id }, json: values }))
        : unwrap(owner.plans.$post({ json: values })),
    onSuccess: invalidateAll,
  });

export const fetchInviteLink = (id: string) =>
  unwrap(owner.plans[':id']['invite-link'].$get({ param: { id } }));

export const useMemberAction = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'resume' | { holdMonths: number } }) =>
      action === 'cancel'
        ? unwrap(owner.members[':id'].cancel.$post({ param: { id } }))
        : action === 'resume'
          ? unwrap(owner.members[':id'].resume.$post({ param: { id } }))
          : unwrap(owner.members[':id'].hold.$post({ param: { id }, json: { months: action.holdMonths } })),
    onSuccess: invalidateAll,
  });

const no404Retry = (n: number, e: Error) => !(e instanceof ApiError && e.status === 404) && n < 2;

/** The business's plans page (by id or booking slug), or one plan by its invitation link. */
export const publicPlansQuery = (kind: 'business' | 'invite', key: string) =>
  queryOptions({
    queryKey: queryKeys.memberships.public(kind, key),
    queryFn: () =>
      kind === 'business'
        ? unwrap(pub.business[':ref'].$get({ param: { ref: key } }))
        : unwrap(pub.invite[':token'].$get({ param: { token: key } })),
    retry: no404Retry,
  });

export const joinPlan = (json: JoinPlanInput) => unwrap(pub.join.$post({ json }));

export const memberQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.memberships.member(token),
    queryFn: () => unwrap(pub.member[':token'].$get({ param: { token } })),
    retry: no404Retry,
  });

export const useMemberSelfService = (token: string) =>
  useMutation({
    mutationFn: (action: 'test-pay' | 'card' | 'cancel' | { holdMonths: number }) => {
      const m = pub.member[':token'];
      const param = { token };
      if (action === 'test-pay') return unwrap(m['test-pay'].$post({ param }));
      if (action === 'card') return unwrap(m.card.$post({ param }));
      if (action === 'cancel') return unwrap(m.cancel.$post({ param }));
      return unwrap(m.hold.$post({ param, json: { months: action.holdMonths } }));
    },
    onSuccess: (view) => queryClient.setQueryData(memberQuery(token).queryKey, view),
  });

/** With Stripe: the card-update page (Stripe's portal) of the dunning link. */
export const openCardUpdate = (token: string) =>
  unwrap(pub.member[':token']['card-session'].$post({ param: { token } }));
