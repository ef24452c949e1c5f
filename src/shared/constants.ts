// Business constants from the spec's §9, used by both the server and the screens.

export const ZIP_LENGTH = 5;
export const STATE_CODE_LENGTH = 2;
export const TRIAL_DAYS = 14;

export const VEHICLE_TYPES = ['sedan', 'suv', 'truck', 'van', 'coupe', 'convertible', 'motorcycle'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const DEFAULT_VEHICLE_MULTIPLIERS: Record<VehicleType, number> = {
  sedan: 1,
  suv: 1.2,
  truck: 1.3,
  van: 1.3,
  coupe: 1,
  convertible: 1.1,
  motorcycle: 0.8,
};

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const SUBSCRIPTION_TIERS = ['starter', 'pro', 'elite', 'franchise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const TIER_LABELS: Record<SubscriptionTier, string> = {
  starter: 'Starter',
  pro: 'Pro',
  elite: 'Elite',
  franchise: 'Franchise',
};

/** Hourly slots 08:00–17:00. */
export const TIME_SLOTS = Array.from({ length: 10 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);

export const DEMO_SERVICES = [
  { name: 'Basic Wash & Vacuum', basePriceCents: 4500, durationMinutes: 60 },
  { name: 'Premium Detail', basePriceCents: 12000, durationMinutes: 180 },
  { name: 'Ceramic Coating', basePriceCents: 35000, durationMinutes: 360 },
] as const;

/** The plans a visitor can start a trial on from the landing page (Franchise has no price, §9). */
export const SIGNUP_PLANS = ['starter', 'pro', 'elite'] as const;
export type SignupPlan = (typeof SIGNUP_PLANS)[number];
export const isSignupPlan = (value: unknown): value is SignupPlan =>
  typeof value === 'string' && (SIGNUP_PLANS as readonly string[]).includes(value);

export interface Plan {
  id: SignupPlan;
  name: string;
  priceMonthly: number;
  users: string;
  badge?: string;
  features: string[];
}

export const PLANS: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceMonthly: 29,
    users: '1 user',
    features: [
      'Booking',
      'Payments',
      'Basic CRM',
      'Invoice and quote generator',
      'Mobile technician app',
      'Email support',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceMonthly: 79,
    users: 'Up to 3 users',
    badge: 'Most Popular',
    features: [
      'Everything in Starter',
      'Inventory',
      'SMS and email campaigns',
      'Advanced analytics',
      'Loyalty program',
      'Automated upsells',
      'Route optimization',
      'Priority support',
    ],
  },
  {
    id: 'elite',
    name: 'Elite',
    priceMonthly: 199,
    users: 'Unlimited users',
    badge: 'Best Value',
    features: [
      'Everything in Pro',
      'AI insights',
      'Multi-location',
      'White-label',
      'Advanced reporting',
      'API access',
      'Custom integrations',
      'Dedicated account manager',
    ],
  },
];

export const ADD_ONS = [
  { name: 'Lead generation', price: '$10-20 per lead' },
  { name: 'NFC tap tags', price: '$4-6 each' },
  { name: 'White-label setup', price: '$499 one-time' },
  { name: 'CRM booster pack', price: '$9.99/month' },
] as const;

export const TRIAL_TERMS = [
  '14-day free trial',
  'No credit card required',
  'Cancel anytime',
  'Setup in under 5 minutes',
] as const;
