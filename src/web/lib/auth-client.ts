import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: { firstName: { type: 'string' }, lastName: { type: 'string' } },
    }),
  ],
});

export const useSession = authClient.useSession;
