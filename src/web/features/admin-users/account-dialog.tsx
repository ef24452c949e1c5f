import { Ban, RotateCcw, ShieldPlus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PlatformRole } from '../../../shared/admin-users';
import { formatCents } from '../../../shared/money';
import {
  type AccountOverview,
  useAccountOverview,
  useGrantRole,
  useRestore,
  useRevokeRole,
  useSuspend,
} from '../../api/admin-users';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { QueryDialog } from '../../components/ui/query-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { AccountBadges, day, planLabel } from './account-badges';
import { AuditList } from './audit-list';
import { PlanAssign } from './plan-assign';

const ROLE_NAMES: Record<PlatformRole, string> = { admin: 'Admin', technician: 'Technician' };
const errorToast = (e: Error) => toast.error('Error', { description: e.message });

/** One account: a read-only overview of its business, its roles, suspension and its audit history. */
export function AccountDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const overview = useAccountOverview(id);
  return (
    <QueryDialog open={Boolean(id)} onClose={onClose} query={overview} title="Account" size="lg">
      {(data) => <AccountDetails data={data} />}
    </QueryDialog>
  );
}

function AccountDetails({ data }: { data: AccountOverview }) {
  const { account: a, business: b } = data;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{a.name || a.email}</DialogTitle>
        <DialogDescription>
          {a.email} · joined {day(a.createdAt)} · last sign-in {day(a.lastSignInAt)}
        </DialogDescription>
        <div className="pt-1">
          <AccountBadges account={a} />
        </div>
      </DialogHeader>
      <DialogBody className="space-y-6">
        {a.suspended && (
          <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="status">
            Suspended {day(a.suspendedAt)}
            {a.suspensionReason ? `: ${a.suspensionReason}` : ''}. This account cannot sign in.
          </p>
        )}
        <RolesSection account={a} />
        <SuspensionSection account={a} />
        {b && (
          <section aria-labelledby="business-heading" className="space-y-3">
            <h3 id="business-heading" className="font-semibold text-slate-900">
              Business
            </h3>
            <PlanAssign key={b.plan} businessId={b.id} plan={b.plan} />
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Item label="Name" value={b.businessName || 'Not set'} />
              <Item
                label="Plan"
                value={planLabel({ ...a, plan: b.plan, subscriptionState: b.subscriptionState })}
              />
              <Item label="Phone" value={b.phone || 'Not set'} />
              <Item label="Business email" value={b.businessEmail || 'Not set'} />
              <Item label="Address" value={b.businessAddress || 'Not set'} />
              <Item label="Online payments" value={b.paymentsEnabled ? 'On' : 'Off'} />
              <Item label="Services" value={String(b.counts.services)} />
              <Item label="Customers" value={String(b.counts.customers)} />
              <Item label="Bookings" value={String(b.counts.bookings)} />
              <Item label="Completed revenue" value={formatCents(b.completedRevenueCents)} />
              <Item label="Active service areas" value={String(b.counts.activeServiceAreas)} />
              <Item
                label="Team"
                value={b.team.length ? b.team.map((m) => m.name || m.email).join(', ') : 'No technicians'}
              />
            </dl>
          </section>
        )}
        <section aria-labelledby="history-heading" className="space-y-3">
          <h3 id="history-heading" className="font-semibold text-slate-900">
            Admin history
          </h3>
          <AuditList targetId={a.id} compact />
        </section>
      </DialogBody>
    </>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="truncate font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function RolesSection({ account: a }: { account: AccountOverview['account'] }) {
  const grant = useGrantRole();
  const revoke = useRevokeRole();
  const [role, setRole] = useState<PlatformRole>('admin');
  const [ownerEmail, setOwnerEmail] = useState('');
  const [revoking, setRevoking] = useState<PlatformRole | null>(null);
  const available = (['admin', 'technician'] as const).filter((r) => !a.roles.includes(r));
  const chosen = available.includes(role) ? role : available[0];

  return (
    <section aria-labelledby="roles-heading" className="space-y-3">
      <h3 id="roles-heading" className="font-semibold text-slate-900">
        Roles
      </h3>
      {a.roles.length === 0 ? (
        <p className="text-sm text-slate-600">Business owner, no platform role.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {a.roles.map((r) => (
            <li
              key={r}
              className="flex items-center gap-1 rounded-full border border-slate-200 py-1 pr-1 pl-3 text-sm"
            >
              {ROLE_NAMES[r]}
              {r === 'technician' && a.technicianOf
                ? ` at ${a.technicianOf.businessName || 'a business'}`
                : ''}
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                onClick={() => setRevoking(r)}
                aria-label={`Revoke ${ROLE_NAMES[r]} role`}
              >
                <X /> Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <form
          className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            grant.mutate(
              {
                id: a.id,
                role: chosen,
                ...(chosen === 'technician' && { businessOwnerEmail: ownerEmail.trim() }),
              },
              {
                onSuccess: () => {
                  toast.success('Role granted', {
                    description: `${a.email} is now ${chosen === 'admin' ? 'an admin' : 'a technician'}.`,
                  });
                  setOwnerEmail('');
                },
                onError: errorToast,
              },
            );
          }}
        >
          <Field id="grant-role" label="Grant role">
            <Select value={chosen} onValueChange={(v) => setRole(v as PlatformRole)}>
              <SelectTrigger id="grant-role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {available.map((r) => (
                  <SelectItem key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          {chosen === 'technician' ? (
            <Field id="grant-owner-email" label="Business owner's email">
              <Input
                id="grant-owner-email"
                type="email"
                required
                value={ownerEmail}
                onChange={(e) => setOwnerEmail(e.target.value)}
                placeholder="owner@example.com"
              />
            </Field>
          ) : (
            <p className="text-sm text-slate-600 sm:pb-2.5">Admins manage the whole platform.</p>
          )}
          <Button type="submit" loading={grant.isPending}>
            <ShieldPlus /> Grant
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the ${revoking ? ROLE_NAMES[revoking].toLowerCase() : ''} role?`}
        description={
          revoking === 'technician'
            ? 'They leave the business: their assignments are cleared and their sessions end.'
            : 'They lose access to the admin panel.'
        }
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(
            { id: a.id, role: revoking },
            {
              onSuccess: () => {
                toast.success('Role revoked');
                setRevoking(null);
              },
              onError: (e) => {
                errorToast(e);
                setRevoking(null);
              },
            },
          )
        }
      />
    </section>
  );
}

function SuspensionSection({ account: a }: { account: AccountOverview['account'] }) {
  const suspend = useSuspend();
  const restore = useRestore();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');

  if (a.suspended) {
    return (
      <section aria-label="Suspension">
        <Button
          variant="outline"
          loading={restore.isPending}
          onClick={() =>
            restore.mutate(a.id, {
              onSuccess: () =>
                toast.success('Account restored', { description: `${a.email} can sign in again.` }),
              onError: errorToast,
            })
          }
        >
          <RotateCcw /> Restore account
        </Button>
      </section>
    );
  }
  return (
    <section aria-label="Suspension">
      <Button
        variant="outline"
        className="border-red-200 text-red-700 hover:bg-red-50"
        onClick={() => setConfirming(true)}
      >
        <Ban /> Suspend account
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => !suspend.isPending && setConfirming(open)}>
        <DialogContent>
          <form
            className="flex min-h-0 flex-col"
            onSubmit={(e) => {
              e.preventDefault();
              suspend.mutate(
                { id: a.id, reason: reason.trim() || undefined },
                {
                  onSuccess: () => {
                    toast.success('Account suspended', { description: `${a.email} has been signed out.` });
                    setConfirming(false);
                    setReason('');
                  },
                  onError: (err) => {
                    errorToast(err);
                    setConfirming(false);
                  },
                },
              );
            }}
          >
            <DialogHeader>
              <DialogTitle>Suspend this account?</DialogTitle>
              <DialogDescription>
                {a.email} is signed out everywhere and cannot sign in until an admin restores the account.
              </DialogDescription>
            </DialogHeader>
            <DialogBody>
              <Field id="suspend-reason" label="Reason (optional)">
                <Input
                  id="suspend-reason"
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </Field>
            </DialogBody>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={suspend.isPending}
                onClick={() => setConfirming(false)}
              >
                Cancel
              </Button>
              <Button type="submit" variant="destructive" loading={suspend.isPending}>
                Suspend
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
