import { hc } from 'hono/client';
import type { AppType } from '../../server/app';

/** The typed API client: a renamed field on the server breaks the typecheck here. */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } });

export { ApiError, endpoint, noContent, unwrap } from './api-fetch';
