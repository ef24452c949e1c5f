import { Car, Mail, MapPin, Phone, StickyNote } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import { formatDate, formatDateTimeInZone } from '../../../shared/time';
import { type Customer, useCustomerDetail } from '../../api/customers';
import { BookingStatusBadge } from '../../components/domain/booking-status-badge';
import { LoyaltyTierBadge } from '../../components/domain/loyalty-tier-badge';
import { vehicleText } from '../../components/domain/vehicle-text';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/list-states';
import { Skeleton } from '../../components/ui/skeleton';
import { CompanyAccount } from './company-account';

/** A customer's vehicles, booking history, lifetime value and loyalty tier. */
export function CustomerDetailDialog({
  customerId,
  onOpenChange,
  onEdit,
}: {
  customerId: string | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (customer: Customer) => void;
}) {
  const detail = useCustomerDetail(customerId);
  const d = detail.data;
  return (
    <Dialog open={customerId !== null} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {d ? `${d.customer.firstName} ${d.customer.lastName}` : 'Customer'}
            {d && <LoyaltyTierBadge tier={d.customer.loyaltyTier} />}
          </DialogTitle>
          <DialogDescription>
            {d
              ? `Customer since ${formatDate(d.customer.createdAt, d.timeZone, { weekday: false, day: false, month: 'long' })}`
              : 'Loading customer…'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="space-y-6">
          {detail.isPending ? (
            <div aria-busy="true" className="space-y-3">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : detail.isError ? (
            <ErrorState
              message="Failed to fetch customers"
              onRetry={() => detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : (
            d && (
              <>
                <dl className="grid grid-cols-3 gap-3">
                  {[
                    ['Lifetime value', formatCents(d.lifetimeValueCents)],
                    ['Completed jobs', String(d.completedBookings)],
                    ['Loyalty points', String(d.customer.loyaltyPoints)],
                  ].map(([label, value]) => (
                    <div key={label} className="rounded-xl bg-slate-50 p-3">
                      <dt className="text-xs font-medium text-slate-600">{label}</dt>
                      <dd className="mt-1 text-lg font-bold tabular-nums text-slate-900 sm:text-xl">
                        {value}
                      </dd>
                    </div>
                  ))}
                </dl>

                <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
                  <li className="flex gap-2">
                    <Mail className="mt-0.5 size-4 text-slate-400" aria-label="Email" />
                    <a className="break-all text-accent hover:underline" href={`mailto:${d.customer.email}`}>
                      {d.customer.email}
                    </a>
                  </li>
                  <li className="flex gap-2">
                    <Phone className="mt-0.5 size-4 text-slate-400" aria-label="Phone" />
                    {d.customer.phone ?? <span className="text-slate-400">No phone</span>}
                  </li>
                  <li className="flex gap-2 sm:col-span-2">
                    <MapPin className="mt-0.5 size-4 text-slate-400" aria-label="Address" />
                    {d.customer.address ?? <span className="text-slate-400">No address</span>}
                  </li>
                  {d.customer.notes && (
                    <li className="flex gap-2 sm:col-span-2">
                      <StickyNote className="mt-0.5 size-4 text-slate-400" aria-label="Notes" />
                      {d.customer.notes}
                    </li>
                  )}
                </ul>

                <section aria-labelledby="vehicles-title">
                  <h3 id="vehicles-title" className="text-sm font-semibold text-slate-900">
                    Vehicles
                  </h3>
                  {d.vehicles.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-500">
                      No vehicles yet — they are added when this customer books.
                    </p>
                  ) : (
                    <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                      {d.vehicles.map((v) => (
                        <li
                          key={v.id}
                          className="flex items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm"
                        >
                          <Car className="size-4 shrink-0 text-accent" aria-hidden="true" />
                          {vehicleText(v)}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>

                <CompanyAccount customerId={d.customer.id} timeZone={d.timeZone} />

                <section aria-labelledby="history-title">
                  <h3 id="history-title" className="text-sm font-semibold text-slate-900">
                    Booking history
                  </h3>
                  {d.bookings.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-500">No bookings yet.</p>
                  ) : (
                    <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                      {d.bookings.map((b) => (
                        <li
                          key={b.id}
                          className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                        >
                          <div>
                            <p className="font-medium text-slate-900">{b.serviceName}</p>
                            <p className="text-xs text-slate-600">
                              {formatDateTimeInZone(b.scheduledAt, d.timeZone)}
                            </p>
                          </div>
                          <div className="flex items-center gap-3">
                            <BookingStatusBadge status={b.status} />
                            <span className="tabular-nums font-semibold">
                              {formatCents(
                                b.status === 'completed'
                                  ? (b.finalPriceCents ?? b.quotedPriceCents)
                                  : b.quotedPriceCents,
                              )}
                            </span>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <div className="flex justify-end">
                  <Button variant="outline" onClick={() => onEdit(d.customer)}>
                    Edit Customer
                  </Button>
                </div>
              </>
            )
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
