import { createRoute, z } from '@hono/zod-openapi';
import { assignSchema, inviteSchema } from '../../../shared/team';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import {
  acceptInvitation,
  assignBooking,
  describeInvitation,
  inviteMember,
  listAssignments,
  listTeam,
  removeMember,
  revokeInvitation,
} from './team.service';

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });
const invitationSchema = z
  .object({ id: z.string(), email: z.string(), expiresAt: z.string(), createdAt: z.string() })
  .openapi('TeamInvitation');
const teamSchema = z
  .object({
    owner: person.nullable(),
    members: z.array(person.extend({ joinedAt: z.string() })),
    invitations: z.array(invitationSchema),
  })
  .openapi('Team');
const assignmentSchema = z
  .object({ bookingId: z.string(), technicianId: z.string(), technicianName: z.string() })
  .openapi('BookingAssignment');
const tokenParam = z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' } }) });
const noContent = { 204: { description: 'Done' } };
const ownerWrite = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Team'],
  summary: 'The owner, technicians and pending invitations of the business',
  responses: { 200: json(teamSchema), 401: errorResponses[401] },
});
const inviteRoute = createRoute({
  method: 'post',
  path: '/invitations',
  tags: ['Team'],
  summary: 'Invite a technician by email (single-use link, 7 days; holds a seat while pending)',
  request: { body: { content: { 'application/json': { schema: inviteSchema } }, required: true } },
  responses: {
    201: json(invitationSchema, 'Invited'),
    400: errorResponses[400],
    409: errorResponses[409],
    ...ownerWrite,
  },
});
const revokeRoute = createRoute({
  method: 'delete',
  path: '/invitations/{id}',
  tags: ['Team'],
  summary: 'Revoke a pending invitation',
  request: { params: idParamSchema },
  responses: { ...noContent, ...ownerWrite },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/members/{id}',
  tags: ['Team'],
  summary: 'Remove a technician (their sessions end)',
  request: { params: idParamSchema },
  responses: { ...noContent, ...ownerWrite },
});
const assignmentsRoute = createRoute({
  method: 'get',
  path: '/assignments',
  tags: ['Team'],
  summary: 'Which technician each booking is assigned to (optionally one technician’s jobs); the whole list',
  request: { query: z.object({ technicianId: z.string().optional() }) },
  responses: { 200: json(listOf(assignmentSchema)), 401: errorResponses[401] },
});
const assignRoute = createRoute({
  method: 'put',
  path: '/assignments/{id}',
  tags: ['Team'],
  summary: 'Assign a booking to a team member, or clear it with null',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: assignSchema } }, required: true },
  },
  responses: {
    200: json(z.object({ bookingId: z.string(), technicianId: z.string().nullable() })),
    400: errorResponses[400],
    ...ownerWrite,
  },
});

export const teamRoutes = createRouter();
teamRoutes.use('*', requireUser, requireOwnerForWrites);

export const teamApi = teamRoutes
  .openapi(listRoute, async (c) => c.json(await listTeam(c.var.deps.db, c.var.businessId), 200))
  .openapi(inviteRoute, async (c) => {
    return c.json(
      await inviteMember(c.var.deps, c.var.businessId, c.var.user.id, c.req.valid('json').email),
      201,
    );
  })
  .openapi(revokeRoute, async (c) => {
    await revokeInvitation(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(removeRoute, async (c) => {
    await removeMember(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(assignmentsRoute, async (c) =>
    c.json(
      wholeList(await listAssignments(c.var.deps.db, c.var.businessId, c.req.valid('query').technicianId)),
      200,
    ),
  )
  .openapi(assignRoute, async (c) =>
    c.json(
      await assignBooking(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('json').technicianId,
      ),
      200,
    ),
  );

const describeRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags: ['Team'],
  summary: 'What an invitation link is for (public: the join page reads it before sign-in)',
  request: { params: tokenParam },
  responses: {
    200: json(
      z.object({
        businessName: z.string(),
        email: z.string(),
        expiresAt: z.string(),
        problem: z.string().nullable(),
        accountExists: z.boolean(),
      }),
    ),
    404: errorResponses[404],
  },
});
const acceptRoute = createRoute({
  method: 'post',
  path: '/{token}/accept',
  tags: ['Team'],
  summary: 'Join the business with the signed-in account (single use)',
  middleware: [requireUser] as const,
  request: { params: tokenParam },
  responses: {
    200: json(z.object({ businessName: z.string() })),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const invitationsApi = createRouter()
  .openapi(describeRoute, async (c) =>
    c.json(await describeInvitation(c.var.deps.db, c.req.valid('param').token), 200),
  )
  .openapi(acceptRoute, async (c) =>
    c.json(await acceptInvitation(c.var.deps.db, c.req.valid('param').token, c.var.user), 200),
  );
