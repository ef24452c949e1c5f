import { useEffect, useState } from 'react';
import type { RepeatWeeks } from '../../../../shared/series';
import { ApiError } from '../../../lib/api-fetch';
import { bookKeys } from '../../../lib/book-keys';
import { toastError } from '../../../lib/lazy-toast';
import { invalidateRemote, useAction } from '../../../lib/use-remote';
import { createPayment, createSeriesCheckout, useCheckoutStatus } from './booking-queries';
import { firstBookingProblem } from './booking-validation';
import { forgetBookingForm, keepBookingForm } from './kept-form';
import type { ChosenReward } from './loyalty-redeem-entry';
import type { AppliedPromo } from './promo-code-field';
import type { BookingFormApi } from './steps/booking-form-api';

/**
 * Book Now: validate, keep the form (a cancelled checkout gives it back), open the checkout in a new tab, then follow
 * the checkout until it is paid (this tab goes to the confirmation) or cancelled/expired (the notice says so).
 */
export function useBookNow({
  form,
  businessId,
  promo,
  reward,
  go,
  repeatWeeks = null,
  locationId = null,
}: {
  /** The business's location the page's link names (decision 1280). */
  locationId?: string | null;
  /** Repeat visits: the card is saved on the provider's page in this tab, nothing is paid now (issue 32). */
  repeatWeeks?: RepeatWeeks | null;
  form: BookingFormApi;
  businessId: string | undefined;
  promo: AppliedPromo | null;
  reward: ChosenReward | null;
  go: (path: string) => void;
}) {
  const payment = useAction(createPayment);
  const series = useAction(createSeriesCheckout);
  const [checkout, setCheckout] = useState<{ url: string; sessionId: string } | null>(null);
  const checkoutState = useCheckoutStatus(checkout?.sessionId ?? null).data?.state;

  // Paid in the other tab: this tab shows the confirmation too (the success page completes idempotently).
  useEffect(() => {
    if (!checkout || !checkoutState) return;
    if (checkoutState === 'paid' || checkoutState === 'booked' || checkoutState === 'refunded') {
      forgetBookingForm(businessId);
      go(`/booking-success?session_id=${encodeURIComponent(checkout.sessionId)}`);
    }
  }, [checkout, checkoutState, go, businessId]);

  const bookNow = async () => {
    const problem = await firstBookingProblem(form.getValues());
    if (problem) {
      await form.trigger();
      toastError('Error', { description: problem });
      return;
    }
    keepBookingForm(businessId, form.getValues());
    if (repeatWeeks && businessId) {
      const result = await series.run({ ...form.getValues(), businessId, repeatWeeks });
      if (!result.ok) {
        toastError('Error', { description: result.error.message || 'Failed to book the repeat visits' });
        if (result.error instanceof ApiError && result.error.status === 409) invalidateRemote(bookKeys.slots);
        return;
      }
      forgetBookingForm(businessId);
      window.location.assign(result.data.url);
      return;
    }
    // Opened now, inside the click, so that browsers do not block it; it is pointed at the checkout once ready.
    const tab = window.open('', '_blank');
    if (tab) {
      tab.document.title = 'Opening secure checkout…';
      tab.document.body.innerHTML =
        '<p style="font-family:system-ui,sans-serif;padding:2rem;color:#334155">Opening secure checkout…</p>';
    }
    const result = await payment.run({
      ...form.getValues(),
      promoCode: promo?.code,
      loyaltyToken: reward?.token,
      rewardId: reward?.rewardId,
      totalPrice: undefined,
      locationId,
    });
    if (!result.ok) {
      tab?.close();
      toastError('Error', { description: result.error.message || 'Failed to create booking' });
      if (result.error instanceof ApiError && result.error.status === 409) invalidateRemote(bookKeys.slots);
      return;
    }
    const { url, sessionId, amountCents } = result.data;
    // Nothing to pay (decision 710): the booking is already made; its confirmation opens here.
    if (amountCents === 0 && url.includes('/booking-success?')) {
      tab?.close();
      window.location.assign(url);
      return;
    }
    setCheckout({ url, sessionId });
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    }
  };

  return { bookNow, checkout, checkoutState, pending: payment.isPending || series.isPending };
}
