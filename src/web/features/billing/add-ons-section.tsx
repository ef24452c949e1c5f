import { useState } from 'react';
import { toast } from 'sonner';
import {
  ADD_ON_CATALOGUE,
  ADD_ON_TEXT,
  type AddOnPurchaseInput,
  NFC_TAGS_MAX,
  type NfcTarget,
  nfcTagUnitCents,
} from '../../../shared/add-ons';
import type { SubscriptionTier } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { DEFAULT_TIME_ZONE, formatDate } from '../../../shared/time';
import { useAddOnCheckout, useAddOns, useBuyAddOn, useCancelAddOn } from '../../api/add-ons';
import { useScheduling } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** The §9 add-ons on /billing (docs/decisions/0952): bought by the owner, listed with their state. */
export function AddOnsSection({
  plan,
  isOwner,
  stripe,
}: {
  plan: SubscriptionTier;
  isOwner: boolean;
  stripe: boolean;
}) {
  const { data } = useAddOns();
  const buy = useBuyAddOn();
  const checkout = useAddOnCheckout();
  const cancel = useCancelAddOn();
  // Dates in the business's time zone.
  const timeZone = useScheduling().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const items = data?.items ?? [];
  const whiteLabel = items.find((p) => p.addOn === 'white_label_setup');
  const booster = items.find((p) => p.addOn === 'crm_booster' && p.status === 'active');
  const orders = items.filter((p) => p.addOn === 'nfc_tags');
  const elite = plan === 'elite' || plan === 'franchise';
  const canBuy = isOwner;
  const pending = buy.isPending || checkout.isPending;
  const onError = (err: Error) => toast.error('Error', { description: err.message });
  // Test mode records the purchase at once; with Stripe Billing the owner pays on Stripe Checkout and the signed
  // webhook records it (docs/decisions/1156).
  const purchase = (input: AddOnPurchaseInput) =>
    stripe
      ? checkout.mutate(input, { onSuccess: ({ url }) => window.location.assign(url), onError })
      : buy.mutate(input, {
          onSuccess: () =>
            toast.success('Success', { description: ADD_ON_TEXT.bought(ADD_ON_CATALOGUE[input.addOn].name) }),
          onError,
        });
  const cancelBooster = (id: string) =>
    cancel.mutate(id, {
      onSuccess: ({ purchase: p, viaStripe }) =>
        toast.success('Success', {
          description: viaStripe
            ? 'Cancellation sent to Stripe: the end date shows here once Stripe confirms it.'
            : `CRM booster pack cancelled: active until ${p.endsAt ? formatDate(p.endsAt, timeZone, { weekday: false }) : 'the end of the month'}`,
        }),
      onError,
    });

  return (
    <section aria-labelledby="add-ons-heading" className="space-y-4">
      <div>
        <h2 id="add-ons-heading" className="text-lg font-semibold text-slate-900">
          Add-ons
        </h2>
        {stripe && (
          <p className="text-sm text-slate-600">
            Add-ons are paid on Stripe Checkout and appear here once Stripe confirms the payment.
          </p>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <AddOnCard id="white_label_setup">
          {whiteLabel ? (
            <p className="text-sm text-slate-700" data-testid="white-label-status">
              {whiteLabel.status === 'fulfilled' ? (
                <>
                  <Badge tone="green">Set up</Badge> Done
                  {whiteLabel.fulfilledAt
                    ? ` on ${formatDate(whiteLabel.fulfilledAt, timeZone, { weekday: false })}`
                    : ''}
                  : see Business Profile → Branding.
                </>
              ) : (
                <>
                  <Badge tone="amber">In progress</Badge> Bought on{' '}
                  {formatDate(whiteLabel.createdAt, timeZone, { weekday: false })}: our team is setting up
                  your white-label. Its state shows under Business Profile → Branding.
                </>
              )}
            </p>
          ) : !elite ? (
            <p className="text-sm text-slate-600">{ADD_ON_TEXT.eliteOnly}</p>
          ) : (
            canBuy && (
              <Button
                variant="outline"
                disabled={pending}
                onClick={() => purchase({ addOn: 'white_label_setup' })}
              >
                Buy White-label setup
              </Button>
            )
          )}
        </AddOnCard>
        <AddOnCard id="crm_booster">
          {booster ? (
            <div className="grid gap-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={booster.endsAt ? 'amber' : 'green'}>
                  {booster.endsAt ? 'Cancelled' : 'Active'}
                </Badge>
                <a
                  className="font-semibold text-blue-700 underline"
                  href="/api/customers/export.csv"
                  download="customers.csv"
                >
                  Export customers (CSV)
                </a>
              </div>
              {booster.endsAt ? (
                <p className="text-slate-700" data-testid="booster-status">
                  Active until {formatDate(booster.endsAt, timeZone, { weekday: false })}; it will not renew.
                </p>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-slate-700" data-testid="booster-status">
                    {booster.currentPeriodEnd
                      ? `Renews on ${formatDate(booster.currentPeriodEnd, timeZone, { weekday: false })}`
                      : 'Renews monthly'}
                  </p>
                  {isOwner && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={cancel.isPending}
                      onClick={() => cancelBooster(booster.id)}
                    >
                      Cancel
                    </Button>
                  )}
                </div>
              )}
            </div>
          ) : (
            canBuy && (
              <Button variant="outline" disabled={pending} onClick={() => purchase({ addOn: 'crm_booster' })}>
                Add CRM booster pack
              </Button>
            )
          )}
        </AddOnCard>
        <AddOnCard id="nfc_tags">
          {canBuy && (
            <NfcOrderForm
              pending={pending}
              onOrder={(quantity, target) => purchase({ addOn: 'nfc_tags', quantity, target })}
            />
          )}
          {orders.length > 0 && (
            <ul className="mt-3 space-y-2 text-sm" aria-label="NFC tag orders">
              {orders.map((o) => (
                <li key={o.id} className="rounded-md border border-slate-200 p-2" data-testid="nfc-order">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      {o.quantity} tags · {formatCents(o.amountCents)}
                    </span>
                    <Badge tone={o.status === 'fulfilled' ? 'green' : 'amber'}>
                      {o.status === 'fulfilled' ? 'Sent' : 'Ordered'}
                    </Badge>
                  </div>
                  <p className="mt-1 break-all text-xs text-slate-600">{o.tagUrl}</p>
                </li>
              ))}
            </ul>
          )}
        </AddOnCard>
      </div>
      <p className="text-sm text-slate-600">
        Lead generation ($10-20 per lead) is charged when our team assigns you a lead.
      </p>
    </section>
  );
}

function AddOnCard({ id, children }: { id: keyof typeof ADD_ON_CATALOGUE; children: React.ReactNode }) {
  const a = ADD_ON_CATALOGUE[id];
  return (
    <Card role="region" aria-label={a.name} className="flex flex-col gap-3 p-5">
      <div>
        <h3 className="font-semibold text-slate-900">{a.name}</h3>
        <p className="text-sm font-semibold text-slate-700">{a.price}</p>
      </div>
      <p className="flex-1 text-sm text-slate-600">{a.description}</p>
      {children}
    </Card>
  );
}

function NfcOrderForm({
  pending,
  onOrder,
}: {
  pending: boolean;
  onOrder: (quantity: number, target: NfcTarget) => void;
}) {
  const [quantity, setQuantity] = useState('10');
  const [target, setTarget] = useState<NfcTarget>('booking');
  const n = Number(quantity);
  const valid = Number.isInteger(n) && n >= 1 && n <= NFC_TAGS_MAX;
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onOrder(n, target);
      }}
    >
      <div>
        <Label htmlFor="nfc-quantity">Number of tags</Label>
        <Input
          id="nfc-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={NFC_TAGS_MAX}
          value={quantity}
          aria-invalid={!valid}
          aria-describedby="nfc-total"
          onChange={(e) => setQuantity(e.target.value)}
        />
        <p id="nfc-total" className="mt-1 text-xs text-slate-600">
          {valid
            ? `${n} × ${formatCents(nfcTagUnitCents(n))} = ${formatCents(n * nfcTagUnitCents(n))}`
            : ADD_ON_TEXT.quantity}
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Each tag opens</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {(['booking', 'review'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2">
              <input
                type="radio"
                name="nfc-target"
                value={t}
                checked={target === t}
                onChange={() => setTarget(t)}
              />
              {t === 'booking' ? 'Your booking page' : 'Your reviews page'}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="outline" disabled={pending || !valid}>
        Order NFC tags
      </Button>
    </form>
  );
}
