import { Mail, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TIER_LABELS } from '../../../shared/constants';
import { inviteSchema, TEAM_TEXT } from '../../../shared/team';
import { formatDate } from '../../../shared/time';
import { useBilling } from '../../api/billing';
import { useBusinessTimeZone } from '../../api/scheduling';
import { useInvite, useRemoveMember, useRevokeInvitation, useTeam } from '../../api/team';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { RemoveDialog } from '../../components/ui/remove-dialog';

/** The Team tab of /business-profile: invite technicians, revoke invitations, remove members (owner only). */
export function TeamTab() {
  const timeZone = useBusinessTimeZone();
  const team = useTeam();
  const billing = useBilling();
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = inviteSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(parsed.data.email, {
      onSuccess: (inv) => {
        toast.success('Success', { description: TEAM_TEXT.invited(inv.email) });
        setEmail('');
      },
      onError: (err) => toast.error('Error', { description: err.message }),
    });
  };

  if (team.isPending) return <RowsSkeleton rows={3} />;
  if (team.isError)
    return (
      <ErrorState
        message={TEAM_TEXT.fetchFailed}
        onRetry={() => team.refetch()}
        retrying={team.isRefetching}
      />
    );
  const { owner, members, invitations } = team.data;
  const seats = billing.data?.seats;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Invite a technician</CardTitle>
          {seats && billing.data && (
            <p className="text-sm text-slate-600" data-testid="seats">
              {seats.used} of {seats.limit ?? 'unlimited'} seats used on {TIER_LABELS[billing.data.plan]}
            </p>
          )}
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-3">
            <Field id="invite-email" label="Technician email" error={error}>
              <Input
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="tech@example.com"
              />
            </Field>
            <Button type="submit" disabled={invite.isPending}>
              <Mail /> {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
            <p className="text-xs text-slate-500">
              The link works once and expires in 7 days. Technicians see bookings and customers and update job
              status.
            </p>
          </form>
        </CardContent>
      </Card>

      <div className="space-y-6">
        <section aria-label="Members" className="space-y-2">
          <h3 className="font-semibold text-slate-900">Members</h3>
          {owner && (
            <Card className="flex items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{owner.name}</p>
                <p className="truncate text-sm text-slate-600">{owner.email}</p>
              </div>
              <Badge tone="navy">Owner</Badge>
            </Card>
          )}
          {members.map((m) => (
            <Card
              key={m.id}
              data-testid="team-member"
              className="flex items-center justify-between gap-3 p-4"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{m.name}</p>
                <p className="truncate text-sm text-slate-600">{m.email}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <Badge tone="accent">Technician</Badge>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setRemoving({ id: m.id, name: m.name })}
                >
                  <UserMinus />
                </Button>
              </div>
            </Card>
          ))}
          {members.length === 0 && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Users className="size-4" aria-hidden /> No technicians yet: invite one to share your bookings.
            </p>
          )}
        </section>

        <section aria-label="Pending invitations" className="space-y-2">
          <h3 className="font-semibold text-slate-900">Pending invitations</h3>
          {invitations.length === 0 && <p className="text-sm text-slate-600">No pending invitations.</p>}
          {invitations.map((inv) => (
            <Card
              key={inv.id}
              data-testid="team-invitation"
              className="flex items-center justify-between gap-3 p-4"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{inv.email}</p>
                <p className="text-sm text-slate-600">
                  Expires {formatDate(inv.expiresAt, timeZone, { weekday: false, year: false })}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(inv.id, {
                    onSuccess: () => toast.success('Success', { description: TEAM_TEXT.revoked }),
                    onError: (err) => toast.error('Error', { description: err.message }),
                  })
                }
              >
                Revoke
              </Button>
            </Card>
          ))}
        </section>
      </div>

      <RemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={remove}
        title={`Remove ${removing?.name ?? 'member'}?`}
        description="They are signed out at once and lose access to your bookings and customers."
        removedText={TEAM_TEXT.removed}
      />
    </div>
  );
}
