import { createRoute, z } from '@hono/zod-openapi';
import { REWARD_CATEGORIES } from '../../../shared/loyalty.schemas';
import { sendRedeemCodeSchema, verifyRedeemCodeSchema } from '../../../shared/loyalty-redeem';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { sendRedeemCode, verifyRedeemCode } from './redeem.service';

const tags = ['Loyalty'];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const refused = { 400: errorResponses[400], 404: errorResponses[404], 429: errorResponses[429] };

const walletSchema = z
  .object({
    token: z.string(),
    availablePoints: z.number().int(),
    rewards: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        category: z.enum(REWARD_CATEGORIES),
        pointsRequired: z.number().int(),
        valueCents: z.number().int(),
        affordable: z.boolean(),
      }),
    ),
  })
  .openapi('LoyaltyWallet');

const sendCodeRoute = createRoute({
  method: 'post',
  path: '/send-code',
  tags,
  summary:
    "Email a one-time code to a business's customer before their points are spent (same answer for anyone)",
  request: body(sendRedeemCodeSchema),
  responses: { 200: json(z.object({ sent: z.literal(true), message: z.string() })), ...refused },
});

const verifyCodeRoute = createRoute({
  method: 'post',
  path: '/verify-code',
  tags,
  summary: 'Exchange the emailed code for a short-lived token, the points available and the rewards',
  request: body(verifyRedeemCodeSchema),
  responses: { 200: json(walletSchema), ...refused },
});

/** Public (/book): limited per address (PUBLIC_LIMITS) and per email and code (redeem.service.ts). */
export const publicLoyaltyApi = createRouter()
  .openapi(sendCodeRoute, async (c) => c.json(await sendRedeemCode(c.var.deps, c.req.valid('json')), 200))
  .openapi(verifyCodeRoute, async (c) =>
    c.json(await verifyRedeemCode(c.var.deps.db, c.req.valid('json')), 200),
  );
