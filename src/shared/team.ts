import { z } from 'zod';

export const INVITATION_DAYS = 7;

export const inviteSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Enter a valid email address')
    .pipe(z.email('Enter a valid email address')),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const assignSchema = z.object({ technicianId: z.string().min(1).nullable() });

export const TEAM_TEXT = {
  invited: (email: string) => `Invitation sent to ${email}`,
  revoked: 'Invitation revoked',
  removed: 'Member removed',
  assigned: 'Booking assigned',
  unassigned: 'Booking unassigned',
  fetchFailed: 'Failed to load your team',
  alreadyPending: 'An invitation to this email is already pending',
  alreadyMember: 'This person is already on your team',
  notValid: 'This invitation link is not valid',
  used: 'This invitation has already been used',
  revokedLink: 'This invitation was revoked. Ask the owner for a new one.',
  expired: 'This invitation has expired. Ask the owner for a new one.',
  wrongAccount: (email: string) => `This invitation is for ${email}. Sign in with that email to accept it.`,
  ownBusiness: 'You own this business already',
  otherTeam: 'Your account already belongs to another team. Ask its owner to remove you first.',
  notTechnician: 'Assign bookings to a member of your team',
} as const;
