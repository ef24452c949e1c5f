// A plan's prices, without the schemas: /book's island reads them on its first load (decision 1260).

/**
 * Whether a plan's credit pays for this service and vehicle: the plan's services (none listed: every service) and
 * its vehicle types (decision 1260).
 */
export const planIncludesService = (
  plan: { includedServiceIds: string[]; vehicleTypes: readonly string[] },
  serviceId: string,
  vehicleType: string,
) =>
  (plan.includedServiceIds.length === 0 || plan.includedServiceIds.includes(serviceId)) &&
  plan.vehicleTypes.includes(vehicleType);

/** A service that is not included, at the plan's discount (rounded to the cent). */
export const planDiscountedCents = (priceCents: number, discountPercent: number) =>
  Math.round((priceCents * (100 - discountPercent)) / 100);
