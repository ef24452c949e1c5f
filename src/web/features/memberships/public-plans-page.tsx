import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { type JoinForm, joinFormSchema } from '../../../shared/membership-forms';
import {
  MEMBERSHIP_TEXT,
  memberMonthlyCents,
  planIncludedText,
  planPriceText,
} from '../../../shared/memberships';
import { formatCents } from '../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../shared/vehicle-labels';
import { joinPlan, type PublicPlans, publicPlansQuery } from '../../api/memberships';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { ApiError } from '../../lib/api';

type Plan = PublicPlans['items'][number];

/**
 * /membership-plans/:ref (a business's plans, by its id or booking slug) and /membership-plans/invite/:token (one plan
 * by its invitation link): the customer picks a plan and joins, then pays on the next page.
 */
export function PublicPlansPage() {
  const { ref, token } = useParams();
  const query = useQuery(publicPlansQuery(token ? 'invite' : 'business', token ?? ref ?? ''));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {query.isPending ? (
        <Card className="p-6">
          <RowsSkeleton rows={3} />
        </Card>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState
            icon={Repeat}
            title="This plan is not available"
            description="The link may be old, or the business no longer offers this plan."
            action={
              <Button asChild variant="outline">
                <Link to="/">Return Home</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState
            message={MEMBERSHIP_TEXT.fetchFailed}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        )
      ) : (
        <Plans data={query.data} />
      )}
    </div>
  );
}

function Plans({ data }: { data: PublicPlans }) {
  const [chosen, setChosen] = useState<Plan | null>(data.items.length === 1 ? data.items[0]! : null);
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Maintenance plans</h1>
      <p className="mt-1 text-sm text-slate-600">
        {data.business.name}: a clean car every month, billed monthly per vehicle. Cancel any time.
      </p>
      {data.items.length === 0 ? (
        <EmptyState
          icon={Repeat}
          title="No plans yet"
          description="This business has no maintenance plans open yet."
        />
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Plans">
          {data.items.map((p) => (
            <li key={p.id} className="min-w-0">
              <Card className={`flex h-full flex-col p-5 ${chosen?.id === p.id ? 'ring-2 ring-accent' : ''}`}>
                <h2 className="break-words text-lg font-bold text-slate-900">{p.name}</h2>
                <p className="mt-1 text-xl font-bold tabular-nums text-slate-900">
                  {planPriceText(p.monthlyPriceCents)}
                </p>
                {p.description && <p className="mt-2 text-sm text-slate-600">{p.description}</p>}
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  <li>{planIncludedText(p)}</li>
                  {p.discountPercent > 0 && <li>{p.discountPercent}% off other services</li>}
                  {p.holdAllowed && <li>Hold up to {p.maxHoldMonths} months a year</li>}
                  <li>{p.vehicleTypes.map((v) => VEHICLE_TYPE_LABELS[v]).join(', ')}</li>
                </ul>
                <div className="mt-auto pt-4">
                  <Button
                    variant={chosen?.id === p.id ? 'default' : 'outline'}
                    onClick={() => setChosen(p)}
                    aria-pressed={chosen?.id === p.id}
                  >
                    Choose {p.name}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {chosen && <JoinCard plan={chosen} acceptsPayments={data.business.acceptsOnlineBookings} />}
    </>
  );
}

function JoinCard({ plan, acceptsPayments }: { plan: Plan; acceptsPayments: boolean }) {
  const form = useForm<JoinForm>({
    resolver: zodResolver(joinFormSchema),
    defaultValues: { name: '', email: '', phone: '', vehicles: '1' },
  });
  const { errors, isSubmitting } = form.formState;
  const vehicles = Number(form.watch('vehicles')) || 1;
  const onSubmit = form.handleSubmit(
    async (v) => {
      try {
        const { url } = await joinPlan({
          planId: plan.id,
          name: v.name,
          email: v.email,
          phone: v.phone,
          vehicles: Number(v.vehicles),
        });
        window.location.assign(url);
      } catch (e) {
        toast.error('Error', { description: (e as Error).message });
      }
    },
    () => toast.error('Error', { description: MEMBERSHIP_TEXT.required }),
  );
  return (
    <Card className="mt-6 p-5">
      <h2 className="text-lg font-semibold text-slate-900">Join {plan.name}</h2>
      {!acceptsPayments ? (
        <p className="mt-2 text-sm text-slate-600">This business is not taking online payments yet.</p>
      ) : (
        <form onSubmit={onSubmit} className="mt-4 grid gap-4" noValidate>
          <Field id="join-name" label="Full name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="join-email" label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </Field>
            <Field
              id="join-phone"
              label="Mobile phone (optional, for payment texts)"
              error={errors.phone?.message}
            >
              <Input type="tel" autoComplete="tel" {...form.register('phone')} />
            </Field>
          </div>
          <Field id="join-vehicles" label="Vehicles" error={errors.vehicles?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              {...form.register('vehicles')}
            />
          </Field>
          <p className="text-sm text-slate-700" data-testid="join-total">
            {formatCents(memberMonthlyCents(plan.monthlyPriceCents, vehicles))} a month for {vehicles} vehicle
            {vehicles === 1 ? '' : 's'}
          </p>
          <div>
            <Button type="submit" loading={isSubmitting}>
              Continue to payment
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
