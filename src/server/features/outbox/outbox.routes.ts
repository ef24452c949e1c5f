import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { requireAdmin, requireUser } from '../../auth/guards';
import { outboxMessages } from '../../db/schema';
import { createRouter, errorResponses, json } from '../../http/openapi';

// Admins read what the platform sent (or stored, without SMTP): launch emails, review decisions…

const messageSchema = z
  .object({
    id: z.string(),
    channel: z.enum(['email', 'sms']),
    to: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    transport: z.string(),
    createdAt: z.string(),
  })
  .openapi('OutboxMessage');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Admin'],
  summary: 'The latest messages in the outbox, optionally for one recipient',
  request: {
    query: z.object({
      to: z.string().trim().toLowerCase().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
  },
  responses: {
    200: json(z.object({ messages: z.array(messageSchema) })),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const outboxRoutes = createRouter();
outboxRoutes.use('*', requireUser, requireAdmin);

export const outboxApi = outboxRoutes.openapi(listRoute, async (c) => {
  const { to, limit } = c.req.valid('query');
  const rows = await c.var.deps.db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
  return c.json(
    {
      messages: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        transport: m.transport,
        createdAt: m.createdAt.toISOString(),
      })),
    },
    200,
  );
});
