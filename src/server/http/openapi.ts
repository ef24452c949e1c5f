import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './context';

export const errorBodySchema = z.object({ error: z.object({ message: z.string() }) }).openapi('Error');

export const errorResponses = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: errorBodySchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: errorBodySchema } } },
  402: { description: 'Needs a higher plan', content: { 'application/json': { schema: errorBodySchema } } },
  403: { description: 'Not allowed', content: { 'application/json': { schema: errorBodySchema } } },
  404: { description: 'Not found', content: { 'application/json': { schema: errorBodySchema } } },
  409: { description: 'Conflict', content: { 'application/json': { schema: errorBodySchema } } },
  429: { description: 'Too many requests', content: { 'application/json': { schema: errorBodySchema } } },
} as const;

/** Every DELETE answers this: 204 with no body (docs/decisions/0420). */
export const noContent = { 204: { description: 'Deleted: no content' } } as const;

/** The API's conventions, in the OpenAPI document's description. */
export const API_DESCRIPTION = [
  'Bookings, customers and operations for mobile detailers.',
  '',
  'Conventions:',
  '- Lists answer `{ items, nextCursor }`: pass `nextCursor` back as `cursor` for the next page (it is opaque;',
  '  null on the last page); `limit` is 1–100 (default 50), `q` searches on the server. A malformed cursor or',
  '  limit is a 400.',
  '- Every DELETE answers 204 with no body.',
  "- Errors answer `{ error: { message } }`; a malformed or unknown id answers 404, like another business's id.",
].join('\n');

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

export const EMPTY_UPDATE_MESSAGE = 'Nothing to update';

const isEmptyObject = (value: unknown) =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => v === undefined);

/**
 * A router whose request validation failures answer 400 with the first issue's message; a malformed path parameter
 * (an id that is no uuid) names nothing and answers 404, like another tenant's id (docs/decisions/0002).
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const param = String(issue?.path[0] ?? '');
        if (result.target === 'param' && /^id$|Id$/.test(param))
          return c.json({ error: { message: issue?.message ?? 'Not found' } }, 404);
        return c.json({ error: { message: issue?.message ?? 'Invalid input' } }, 400);
      }
      // An update that names nothing to change is a 400 on every PATCH route, after its guards (401/403 first).
      if (result.target === 'json' && c.req.method === 'PATCH' && isEmptyObject(result.data)) {
        return c.json({ error: { message: EMPTY_UPDATE_MESSAGE } }, 400);
      }
    },
  });
}
