import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../access/guards';
import { viewerOf } from '../../access/technician-access';
import { AppError } from '../../http/errors';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import {
  disconnectGoogle,
  finishGoogleConnect,
  listGoogleConnections,
  startGoogleConnect,
} from './google-connections.service';
import { acceptGoogleNotification } from './google-sync.service';

// Google Calendar two-way (decision 1252): status, connect (OAuth), callback, disconnect; Google's push notifications.

const connectionSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    personName: z.string(),
    accountEmail: z
      .string()
      .nullable()
      .openapi({ description: "The connected calendar's title (its address)" }),
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    channelExpiresAt: z.string().nullable().openapi({
      description: 'When the push channel expires (renewed a day before); null = read every minute',
    }),
    busyCount: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('GoogleCalendarConnection');

const guarded = { 401: errorResponses[401], 403: errorResponses[403] };

const statusRoute = createRoute({
  method: 'get',
  path: '/google',
  tags: ['Calendar sync'],
  summary:
    "Whether Google Calendar is configured on this server, and the connections: the owner sees everyone's, a technician their own",
  responses: {
    200: json(
      z.object({
        configured: z.boolean(),
        viewerId: z
          .string()
          .openapi({ description: 'The signed-in person (whose own connection Connect makes)' }),
        connections: listOf(connectionSchema),
      }),
    ),
    ...guarded,
  },
});
const connectRoute = createRoute({
  method: 'post',
  path: '/google/connect',
  tags: ['Calendar sync'],
  summary:
    "Start connecting the signed-in person's own Google Calendar: answers Google's consent address (409 when not configured)",
  responses: {
    200: json(z.object({ url: z.string() }), "Google's consent page; it comes back to /google/callback"),
    409: errorResponses[409],
    ...guarded,
  },
});
const callbackRoute = createRoute({
  method: 'get',
  path: '/google/callback',
  tags: ['Calendar sync'],
  summary:
    "Google's redirect after consent: the state must be this server's, for this person, unused and under 15 minutes old; back to /calendar-sync",
  request: {
    query: z.object({
      code: z.string().max(2000).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
      scope: z.string().max(2000).optional(),
    }),
  },
  responses: { 302: { description: 'Back to the Calendar sync screen' }, ...guarded },
});
const disconnectRoute = createRoute({
  method: 'delete',
  path: '/google/{id}',
  tags: ['Calendar sync'],
  summary:
    'Disconnect a Google Calendar: its channel stopped, the grant revoked, its busy times no longer block slots (a technician only their own)',
  request: { params: idParamSchema },
  responses: { ...noContent, ...guarded, 404: errorResponses[404] },
});

const router = createRouter();
router.use('*', requireUser);

export const googleCalendarApi = router
  .openapi(statusRoute, async (c) =>
    c.json(
      {
        configured: Boolean(c.var.deps.google),
        viewerId: c.var.user.id,
        connections: wholeList(await listGoogleConnections(c.var.deps.db, viewerOf(c))),
      },
      200,
    ),
  )
  .openapi(connectRoute, async (c) => c.json(await startGoogleConnect(c.var.deps, viewerOf(c)), 200))
  .openapi(callbackRoute, async (c) => {
    try {
      await finishGoogleConnect(c.var.deps, viewerOf(c), c.req.valid('query'));
      return c.redirect('/calendar-sync?google=connected', 302);
    } catch (err) {
      // The screen says what went wrong; a state that is not this server's changes nothing.
      const message = err instanceof AppError ? err.message : 'Google did not answer';
      if (!(err instanceof AppError)) console.warn('Google Calendar connect failed', (err as Error).message);
      return c.redirect(`/calendar-sync?google=failed&message=${encodeURIComponent(message)}`, 302);
    }
  })
  .openapi(disconnectRoute, async (c) => {
    await disconnectGoogle(c.var.deps, viewerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

const notificationRoute = createRoute({
  method: 'post',
  path: '/google',
  tags: ['Calendar sync'],
  summary:
    "Google Calendar's push notification: only a live channel's id with its token is accepted (the change is read by a queued job); anything else changes nothing",
  request: {
    headers: z.object({
      'x-goog-channel-id': z.string().max(100).optional(),
      'x-goog-channel-token': z.string().max(200).optional(),
      'x-goog-resource-state': z.string().max(50).optional(),
    }),
  },
  responses: { 204: { description: 'Accepted' }, 404: errorResponses[404] },
});

export const googleNotificationsPublic = createRouter().openapi(notificationRoute, async (c) => {
  const h = c.req.valid('header');
  const accepted = await acceptGoogleNotification(c.var.deps, {
    channelId: h['x-goog-channel-id'],
    token: h['x-goog-channel-token'],
    state: h['x-goog-resource-state'],
  });
  if (!accepted) return c.json({ error: { message: 'Channel not found' } }, 404);
  return c.body(null, 204);
});
