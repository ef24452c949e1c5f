import { z } from '@hono/zod-openapi';
import { ADD_ON_IDS, NFC_TARGETS } from '../../../shared/add-ons';

/** What an add-on purchase is, as the owner's /billing and the admin's order list both show it. */
export const addOnPurchaseFields = {
  id: z.string(),
  addOn: z.enum(ADD_ON_IDS),
  name: z.string(),
  status: z.enum(['active', 'ordered', 'fulfilled', 'cancelled']),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  nfcTarget: z.enum(NFC_TARGETS).nullable(),
  tagUrl: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  createdAt: z.string(),
};
