import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { billingQuery } from './billing';

export const teamQuery = queryOptions({
  queryKey: queryKeys.team.all,
  queryFn: () => unwrap(api.api.team.$get()),
});
export const useTeam = () => useQuery(teamQuery);

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: teamQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: billingQuery.queryKey }),
  ]);

export const useInvite = () =>
  useMutation({
    mutationFn: (email: string) => unwrap(api.api.team.invitations.$post({ json: { email } })),
    onSuccess: refresh,
  });

export const useRevokeInvitation = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api.team.invitations[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });

export const useRemoveMember = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api.team.members[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitations.byToken(token),
    queryFn: () => unwrap(api.api.invitations[':token'].$get({ param: { token } })),
    retry: false,
  });

export const acceptInvitation = (token: string) =>
  unwrap(api.api.invitations[':token'].accept.$post({ param: { token } }));

/** Which team member each booking is assigned to (GET /api/team/assignments), as a map by booking id. */
export const assignmentsQuery = queryOptions({
  queryKey: queryKeys.team.assignments,
  queryFn: () => unwrap(api.api.team.assignments.$get({ query: {} })),
  select: (data) => new Map(data.items.map((a) => [a.bookingId, a])),
});
export const useAssignments = () => useQuery(assignmentsQuery);

/** The people a booking can be assigned to: the owner and the technicians. */
export function useAssignees() {
  const team = useTeam();
  const data = team.data;
  return data ? [...(data.owner ? [data.owner] : []), ...data.members] : [];
}

export const useAssignBooking = () =>
  useMutation({
    mutationFn: (v: { bookingId: string; technicianId: string | null }) =>
      unwrap(
        api.api.team.assignments[':id'].$put({
          param: { id: v.bookingId },
          json: { technicianId: v.technicianId },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.team.assignments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
      ]),
  });
