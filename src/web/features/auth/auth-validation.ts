import { z } from 'zod';
import { signInSchema, signUpSchema } from '../../../shared/auth.schemas';

// zod and the auth schemas, one per form: loaded by the auth form (src/web/islands/auth-form.ts) on first submit, not
// with the page (issue 14; docs/decisions/0913).

export const authSchemas = {
  signin: signInSchema,
  signup: signUpSchema,
  forgot: signInSchema.pick({ email: true }),
  reset: z.object({ password: signUpSchema.shape.password }),
};
