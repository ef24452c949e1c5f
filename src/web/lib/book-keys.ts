// The keys of /book's plain reads (the public island's useRemote, decision 0912), in a module of their own so that
// the island's first load does not carry every screen's keys; `queryKeys.book` is this object (decision 1121).
export const bookKeys = {
  options: (business: string | null, zip: string | null, location?: string) =>
    ['booking-options', business, zip, location ?? null] as const,
  slots: ['booking-slots'] as const,
  slotsFor: (business: string | null, serviceId: string, date: string, zip: string | null = null) =>
    ['booking-slots', business, serviceId, date, zip] as const,
  checkoutStatus: (sessionId: string) => ['checkout-status', sessionId] as const,
  promoCheck: (q: {
    businessId?: string;
    serviceId: string;
    vehicleType: string;
    email?: string;
    code: string;
  }) => ['promo-check', q.businessId, q.serviceId, q.vehicleType, q.email, q.code] as const,
};
