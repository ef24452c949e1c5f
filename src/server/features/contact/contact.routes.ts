import { createRoute, z } from '@hono/zod-openapi';
import { contactInputSchema } from '../../../shared/contact.schemas';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { submitContactMessage } from './contact.service';

const contactRoute = createRoute({
  method: 'post',
  path: '/contact',
  tags: ['Public'],
  summary: 'Send a message through the contact form (stored and mailed to support)',
  request: { body: { content: { 'application/json': { schema: contactInputSchema } }, required: true } },
  responses: {
    201: json(z.object({ success: z.literal(true) }), 'Message received'),
    400: errorResponses[400],
  },
});

/** Mounted under /api/public: POST /api/public/contact. */
export const contactRoutes = createRouter().openapi(contactRoute, async (c) => {
  const { supportEmail } = c.var.deps;
  await submitContactMessage(c.var.deps, supportEmail, c.req.valid('json'));
  return c.json({ success: true as const }, 201);
});
