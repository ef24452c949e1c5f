import { z } from '@hono/zod-openapi';
import { BOOKING_STATUSES, VEHICLE_TYPES } from '../../../shared/constants';
import { INVOICE_STATUSES, QUOTE_STATUSES } from '../../../shared/invoices.schemas';
import { LOYALTY_TIERS } from '../../../shared/loyalty';

// The public API's resources (decision 1201): a contract of its own, versioned with the path. Each answer is parsed
// through its schema, which keeps only these fields, so the web app's own API may grow without changing /api/v1.

export const v1Customer = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    notes: z.string().nullable(),
    totalSpentCents: z.number().int(),
    loyaltyPoints: z.number().int(),
    loyaltyTier: z.enum(LOYALTY_TIERS),
    createdAt: z.string(),
  })
  .openapi('V1Customer');

export const v1Booking = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    scheduledAt: z.string(),
    durationMinutes: z.number().int(),
    locationAddress: z.string(),
    zipCode: z.string().nullable(),
    quotedPriceCents: z.number().int(),
    finalPriceCents: z.number().int().nullable(),
    tipCents: z.number().int(),
    specialInstructions: z.string().nullable(),
    payment: z.enum(['online', 'offline', 'unpaid']),
    createdAt: z.string(),
    service: z.object({ id: z.string().nullable(), name: z.string() }),
    customer: z
      .object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
      })
      .nullable(),
    vehicle: z
      .object({
        make: z.string(),
        model: z.string(),
        year: z.number().int().nullable(),
        color: z.string().nullable(),
        vehicleType: z.enum(VEHICLE_TYPES),
      })
      .nullable(),
  })
  .openapi('V1Booking');

export const v1Service = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    basePriceCents: z.number().int(),
    durationMinutes: z.number().int(),
    isActive: z.boolean(),
    vehicleTypeMultipliers: z.record(z.string(), z.number()),
    archivedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('V1Service');

const line = z.object({
  serviceId: z.string().nullable(),
  serviceName: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

export const v1Invoice = z
  .object({
    id: z.string(),
    numberText: z.string(),
    customerId: z.string().nullable(),
    bookingId: z.string().nullable(),
    quoteId: z.string().nullable(),
    customerName: z.string(),
    customerEmail: z.string(),
    items: z.array(line),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    tipCents: z.number().int(),
    balanceCents: z.number().int(),
    status: z.enum(INVOICE_STATUSES),
    overdue: z.boolean(),
    issuedAt: z.string(),
    dueAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .openapi('V1Invoice');

export const v1Quote = z
  .object({
    id: z.string(),
    customerId: z.string().nullable(),
    customerName: z.string(),
    customerEmail: z.string(),
    items: z.array(line),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    depositCents: z.number().int(),
    status: z.enum(QUOTE_STATUSES),
    expiresAt: z.string(),
    createdAt: z.string(),
    invoiceId: z.string().nullable(),
  })
  .openapi('V1Quote');

/** The one error shape, with its code (decision 1201). */
export const v1Error = z
  .object({ error: z.object({ message: z.string(), code: z.string() }) })
  .openapi('V1Error');
