import { z } from 'zod';

/** The admin users screen's words, used by the server's errors and the screen alike. */
export const ADMIN_USERS_TEXT = {
  notFound: 'Account not found',
  selfSuspend: "You can't suspend your own account.",
  lastAdmin: 'This is the last admin. Grant the admin role to another account first.',
  hasRole: (role: PlatformRole) => `This account already has the ${role} role.`,
  lacksRole: (role: PlatformRole) => `This account does not have the ${role} role.`,
  businessRequired: "Enter the business owner's email for the technician role.",
  businessNotFound: 'No business owner has that email.',
  ownBusiness: "An owner can't be a technician of their own business.",
  otherTeam: 'This account already works for another business. Revoke that technician role first.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  /** What a suspended account sees when it tries to sign in. */
  suspendedSignIn: 'This account has been suspended. Contact support to restore it.',
} as const;

export const PLATFORM_ROLES = ['admin', 'technician'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const USER_FILTERS = ['all', 'admins', 'technicians', 'suspended'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export const grantRoleSchema = z.object({
  role: z.enum(PLATFORM_ROLES, { error: 'Choose admin or technician' }),
  // The technician role binds the account to a business, named by its owner's email.
  businessOwnerEmail: z.email('Enter a valid email').trim().toLowerCase().max(254).optional(),
});
export type GrantRoleInput = z.infer<typeof grantRoleSchema>;

export const suspendSchema = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional(),
});

/** The audit tab's label for each action. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'role.grant': 'Granted role',
  'role.revoke': 'Revoked role',
  'account.suspend': 'Suspended account',
  'account.restore': 'Restored account',
  'settings.update': 'Changed platform settings',
  'verification.approve': 'Approved verification',
  'verification.reject': 'Rejected verification',
  'seo.generate': 'Started SEO generation',
  'seo.delete_page': 'Deleted SEO page',
  'seo.delete_all': 'Deleted all generated SEO pages',
  'lead.assign': 'Assigned lead',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
