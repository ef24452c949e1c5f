import { ArrowLeft, Inbox, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money';
import { formatDateTimeInZone } from '../../../shared/time';
import { type Lead, type LeadState, useAssignLead, useEligibleBusinesses, useLeads } from '../../api/leads';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

function AssignDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  const businesses = useEligibleBusinesses(lead?.id ?? null);
  const assign = useAssignLead();
  const [businessId, setBusinessId] = useState('');
  const items = businesses.data?.items ?? [];
  const price = businesses.data?.leadPriceCents;
  const chosen = items.find((b) => b.id === businessId);
  return (
    <Dialog
      open={lead !== null}
      onOpenChange={(open) => {
        if (!open) {
          setBusinessId('');
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign lead</DialogTitle>
          <DialogDescription>
            {lead
              ? `${lead.customer.firstName} ${lead.customer.lastName} · ${lead.serviceName} · zip ${lead.zipCode ?? 'unknown'}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid gap-3">
          {businesses.isPending ? (
            <RowsSkeleton rows={1} />
          ) : businesses.isError ? (
            <ErrorState message="Could not load businesses" onRetry={() => void businesses.refetch()} />
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-700">
              No business has an active service area covering {lead?.zipCode ?? 'this lead'} yet. The lead
              stays open until one does.
            </p>
          ) : (
            <>
              <label htmlFor="lead-business" className="text-sm font-medium text-slate-900">
                Business serving {businesses.data.zipCode}
              </label>
              <Select value={businessId} onValueChange={setBusinessId}>
                <SelectTrigger id="lead-business" aria-label="Business">
                  <SelectValue placeholder="Choose a business" />
                </SelectTrigger>
                <SelectContent>
                  {items.map((b) => (
                    <SelectItem key={b.id} value={b.id}>
                      {b.name ?? 'Unnamed business'} — {b.city}
                      {b.stateCode ? `, ${b.stateCode}` : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {price !== undefined && (
                <p className="text-sm text-slate-600">
                  The business sees the booking in its Bookings and its account is charged{' '}
                  {formatCents(price)} once.
                </p>
              )}
            </>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!chosen || !lead}
            loading={assign.isPending}
            onClick={() =>
              lead &&
              chosen &&
              assign.mutate(
                { leadId: lead.id, businessId: chosen.id },
                {
                  onSuccess: () => {
                    toast.success('Lead assigned', {
                      description: `Assigned to ${chosen.name ?? 'the business'}`,
                    });
                    setBusinessId('');
                    onClose();
                  },
                  onError: (e) => toast.error('Error', { description: e.message }),
                },
              )
            }
          >
            Assign{price !== undefined ? ` and charge ${formatCents(price)}` : ''}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LeadRow({ lead, onAssign }: { lead: Lead; onAssign: (l: Lead) => void }) {
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">
            {lead.customer.firstName} {lead.customer.lastName} · {lead.serviceName}
          </p>
          <p className="text-sm text-slate-600">{formatDateTimeInZone(lead.scheduledAt, lead.timeZone)}</p>
          <p className="flex items-start gap-1 text-sm break-words text-slate-600">
            <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>
              {lead.locationAddress}
              {lead.zipCode && !lead.locationAddress.includes(lead.zipCode) ? ` · ${lead.zipCode}` : ''}
            </span>
          </p>
          <p className="text-sm break-all text-slate-500">{lead.customer.email}</p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <span className="font-semibold tabular-nums text-slate-900">{formatCents(lead.priceCents)}</span>
          {lead.assignment ? (
            <Badge tone="green">
              {lead.assignment.businessName ?? 'Business'} · charged{' '}
              {formatCents(lead.assignment.chargedCents)}
            </Badge>
          ) : (
            <Button
              size="sm"
              onClick={() => onAssign(lead)}
              aria-label={`Assign lead from ${lead.customer.firstName} ${lead.customer.lastName}`}
            >
              Assign
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

/** /admin/leads: bookings made without a business, given to a business that serves their zip (docs/decisions/0831). */
export function AdminLeadsPage() {
  const [state, setState] = useState<LeadState>('open');
  const [assigning, setAssigning] = useState<Lead | null>(null);
  const leads = useLeads(state);
  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Leads"
        description="Bookings made where no business served yet. Assign each to a business whose service areas cover its zip."
      />
      <Tabs value={state} onValueChange={(v) => setState(v as LeadState)} className="mb-4">
        <TabsList>
          <TabsTrigger value="open">Open</TabsTrigger>
          <TabsTrigger value="assigned">Assigned</TabsTrigger>
        </TabsList>
        {/* The filtered list is the active tab's panel, so the tab's aria-controls names it. */}
        <TabsContent value={state}>
          {leads.isPending ? (
            <RowsSkeleton rows={4} />
          ) : leads.isError ? (
            <ErrorState
              message="Failed to load leads"
              onRetry={() => void leads.refetch()}
              retrying={leads.isFetching}
            />
          ) : leads.items.length === 0 ? (
            <EmptyState icon={Inbox} title={state === 'open' ? 'No open leads' : 'No assigned leads yet'} />
          ) : (
            <div>
              <ul className="grid gap-3">
                {leads.items.map((l) => (
                  <LeadRow key={l.id} lead={l} onAssign={setAssigning} />
                ))}
              </ul>
              <LoadMore list={leads} />
            </div>
          )}
        </TabsContent>
      </Tabs>
      <AssignDialog lead={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
