/** A membership plan's create body as the owner's form sends it; each test overrides what it is about. */
export const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monthly Maintenance',
  description: 'Wash, decontamination and sealant every month',
  monthlyPriceCents: 7900,
  includedCredits: 1,
  creditPeriod: 'month',
  discountPercent: 15,
  holdAllowed: true,
  maxHoldMonths: 4,
  vehicleTypes: ['sedan', 'suv'],
  isActive: true,
  ...overrides,
});
