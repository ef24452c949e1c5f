import type { BookingFormInput } from '../../../../shared/booking.schemas';

// What the customer typed survives a cancelled checkout (issue 16): kept when Book Now is pressed, given back to
// the /book page the checkout's Cancel returns to (`?cancelled=1`), for an hour at most, then forgotten.
// sessionStorage, not localStorage: the tab that went to the checkout comes back to it, and a shared device does not
// keep a customer's address after the tab is closed.

const TTL_MS = 60 * 60 * 1000;
const keyFor = (businessId: string | null | undefined) => `shineroute:book-form:${businessId ?? 'lead'}`;

export function keepBookingForm(businessId: string | null | undefined, values: BookingFormInput) {
  try {
    sessionStorage.setItem(keyFor(businessId), JSON.stringify({ at: Date.now(), values }));
  } catch {
    // Storage full or blocked: the form is simply not kept.
  }
}

/** The kept values when returning from a cancelled checkout; nothing otherwise. */
export function restoreBookingForm(businessId: string | null | undefined): Partial<BookingFormInput> {
  try {
    const raw = sessionStorage.getItem(keyFor(businessId));
    if (!raw || !new URLSearchParams(window.location.search).has('cancelled')) return {};
    const { at, values } = JSON.parse(raw) as { at: number; values: Partial<BookingFormInput> };
    return Date.now() - at < TTL_MS ? values : {};
  } catch {
    return {};
  }
}

/** Once the booking is paid, what the customer typed is not kept any longer. */
export function forgetBookingForm(businessId: string | null | undefined) {
  try {
    sessionStorage.removeItem(keyFor(businessId));
  } catch {
    // Storage blocked: nothing was kept.
  }
}
