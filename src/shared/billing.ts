import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from './constants';

export const planChangeSchema = z.object({ plan: z.enum(SUBSCRIPTION_TIERS, 'Choose a plan') });

export const BILLING_TEXT = {
  planChanged: (name: string) => `You're now on the ${name} plan`,
  fetchFailed: 'Failed to load billing',
} as const;
