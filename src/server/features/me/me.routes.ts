import { createRoute, z } from '@hono/zod-openapi';
import { PLATFORM_ROLES } from '../../../shared/admin-users';
import { requireUser } from '../../access/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { getUserRole } from '../profiles/profiles.service';

const roleRoute = createRoute({
  method: 'get',
  path: '/role',
  tags: ['Account'],
  summary: "The signed-in user's platform role (admin, technician or none)",
  responses: {
    200: json(z.object({ role: z.enum(PLATFORM_ROLES).nullable() })),
    401: errorResponses[401],
  },
});

export const meRoutes = createRouter();
meRoutes.use('*', requireUser);

export const meApi = meRoutes.openapi(roleRoute, async (c) =>
  c.json({ role: await getUserRole(c.var.deps.db, c.var.user.id) }, 200),
);
