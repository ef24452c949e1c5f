import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { signInSchema, signUpSchema } from '../../../shared/auth.schemas';

// zod, the auth schemas and their resolvers: loaded by the auth page on first submit, not with it (issue 14,
// /auth's first load; the same split as /book's booking-validation.ts).

const forgotSchema = signInSchema.pick({ email: true });
const resetSchema = z.object({ password: signUpSchema.shape.password });

export const resolvers = {
  signin: zodResolver(signInSchema),
  signup: zodResolver(signUpSchema),
  forgot: zodResolver(forgotSchema),
  reset: zodResolver(resetSchema),
};
