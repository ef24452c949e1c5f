import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { PLAN_SEATS } from '../../../shared/plan-features';
import { INVITATION_DAYS, TEAM_TEXT } from '../../../shared/team';
import type { Database, DbOrTx } from '../../db/client';
import {
  bookingAssignments,
  bookings,
  profiles,
  session,
  teamInvitations,
  user,
  userRoles,
} from '../../db/schema';
import { renderEmailRow } from '../../emails';
import { conflict, forbidden, notFound } from '../../http/errors';
import { assertUuid, isUniqueViolation } from '../../http/ids';
import { hashToken, newToken } from '../../http/tokens';
import { openInvitationsOf, seatsMessage, seatsUsed } from '../billing/billing.service';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listTeam(db: DbOrTx, businessId: string) {
  const [owner] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, businessId));
  const members = await db
    .select({ id: user.id, name: user.name, email: user.email, joinedAt: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')))
    .orderBy(asc(userRoles.createdAt));
  const invitations = await db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .where(openInvitationsOf(businessId))
    .orderBy(asc(teamInvitations.createdAt));
  return {
    owner: owner ?? null,
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map((i) => ({
      ...i,
      expiresAt: i.expiresAt.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}

/**
 * Invites a technician by email. The business row is locked for the seat count, so concurrent invitations cannot
 * exceed the plan's seats (docs/decisions/0804). The link carries a random token; only its hash is stored.
 */
export async function inviteMember(
  deps: AutomationDeps,
  businessId: string,
  invitedBy: string,
  email: string,
) {
  const { db, publicUrl } = deps;
  const token = newToken();
  const invitation = await db.transaction(async (tx) => {
    const [biz] = await tx
      .select({ plan: profiles.subscriptionTier, businessName: profiles.businessName })
      .from(profiles)
      .where(eq(profiles.id, businessId))
      .for('update');
    if (!biz) throw notFound();
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .innerJoin(userRoles, eq(userRoles.userId, user.id))
      .where(
        and(eq(user.email, email), eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')),
      );
    const [ownerRow] = await tx.select({ email: user.email }).from(user).where(eq(user.id, businessId));
    if (existing || ownerRow?.email === email) throw conflict(TEAM_TEXT.alreadyMember);
    // An expired invitation to the same address no longer holds a seat or the address.
    await tx
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(teamInvitations.businessId, businessId),
          eq(teamInvitations.email, email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          sql`${teamInvitations.expiresAt} <= now()`,
        ),
      );
    const limit = PLAN_SEATS[biz.plan];
    if (limit !== null && (await seatsUsed(tx, businessId)) + 1 > limit)
      throw conflict(seatsMessage(biz.plan, limit));
    try {
      const [row] = await tx
        .insert(teamInvitations)
        .values({
          businessId,
          email,
          tokenHash: hashToken(token),
          invitedBy,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        })
        .returning();
      // The invitation email is written with the invitation (decision 1290): no invitation without its email.
      const messageIds = await queueTransactionalEmail(tx, deps.publicUrl, {
        businessId,
        kind: 'team_invite',
        dedupeKey: `team-invite:${row!.id}`,
        to: email,
        ...(await renderEmailRow('team-invitation', {
          businessName: biz.businessName,
          link: `${publicUrl}/join/${token}`,
          expiresInDays: INVITATION_DAYS,
        })),
      });
      return { ...row!, messageIds };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(TEAM_TEXT.alreadyPending);
      throw err;
    }
  });
  await deliverQueued(deps, invitation.messageIds);
  return {
    id: invitation.id,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
  };
}

export async function revokeInvitation(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id);
  const rows = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.businessId, businessId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (rows.length === 0) throw notFound();
}

/** Removes a technician: their membership, assignments and every session end at once. */
export async function removeMember(db: Database, businessId: string, memberId: string) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.userId, memberId),
          eq(userRoles.businessId, businessId),
          eq(userRoles.role, 'technician'),
        ),
      )
      .returning({ id: userRoles.id });
    if (rows.length === 0) throw notFound();
    await tx
      .delete(bookingAssignments)
      .where(
        and(eq(bookingAssignments.businessId, businessId), eq(bookingAssignments.technicianId, memberId)),
      );
    await tx.delete(session).where(eq(session.userId, memberId));
  });
}

async function findInvitation(db: DbOrTx, token: string, lock = false) {
  const q = db
    .select({
      id: teamInvitations.id,
      businessId: teamInvitations.businessId,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
      businessName: profiles.businessName,
    })
    .from(teamInvitations)
    .innerJoin(profiles, eq(profiles.id, teamInvitations.businessId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for('update', { of: teamInvitations }) : await q;
  return row ?? null;
}

function problemOf(inv: NonNullable<Awaited<ReturnType<typeof findInvitation>>>) {
  if (inv.acceptedAt) return TEAM_TEXT.used;
  if (inv.revokedAt) return TEAM_TEXT.revokedLink;
  if (inv.expiresAt.getTime() <= Date.now()) return TEAM_TEXT.expired;
  return null;
}

/** What the join page shows before anyone signs in. */
export async function describeInvitation(db: DbOrTx, token: string) {
  const inv = await findInvitation(db, token);
  if (!inv) throw notFound(TEAM_TEXT.notValid);
  const problem = problemOf(inv);
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, inv.email));
  return {
    businessName: inv.businessName || 'A ShineRoute business',
    email: inv.email,
    expiresAt: inv.expiresAt.toISOString(),
    problem,
    accountExists: Boolean(account),
  };
}

/** Single use: the invitation row is locked, checked and marked accepted in the same transaction as the membership. */
export async function acceptInvitation(db: Database, token: string, account: { id: string; email: string }) {
  return db.transaction(async (tx) => {
    const inv = await findInvitation(tx, token, true);
    if (!inv) throw notFound(TEAM_TEXT.notValid);
    const problem = problemOf(inv);
    if (problem) throw conflict(problem);
    if (account.email.toLowerCase() !== inv.email) throw forbidden(TEAM_TEXT.wrongAccount(inv.email));
    if (account.id === inv.businessId) throw conflict(TEAM_TEXT.ownBusiness);
    const [other] = await tx
      .select({ businessId: userRoles.businessId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, account.id), eq(userRoles.role, 'technician')));
    if (other)
      throw conflict(other.businessId === inv.businessId ? TEAM_TEXT.alreadyMember : TEAM_TEXT.otherTeam);
    await tx.insert(userRoles).values({ userId: account.id, role: 'technician', businessId: inv.businessId });
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: account.id })
      .where(eq(teamInvitations.id, inv.id));
    return { businessName: inv.businessName || 'A ShineRoute business' };
  });
}

/** Assigns a booking of the business to one of its technicians (or the owner), or clears it with null. */
export async function assignBooking(
  db: DbOrTx,
  businessId: string,
  bookingId: string,
  technicianId: string | null,
) {
  assertUuid(bookingId);
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!booking) throw notFound();
  if (technicianId === null) {
    await db.delete(bookingAssignments).where(eq(bookingAssignments.bookingId, bookingId));
    return { bookingId, technicianId: null };
  }
  if (technicianId !== businessId) {
    const [member] = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.userId, technicianId),
          eq(userRoles.businessId, businessId),
          eq(userRoles.role, 'technician'),
        ),
      );
    // Anyone else (another business's owner or technician) is unknown here: 404 like a foreign id in a path.
    if (!member) throw notFound(TEAM_TEXT.notTechnician);
  }
  await db
    .insert(bookingAssignments)
    .values({ bookingId, businessId, technicianId })
    .onConflictDoUpdate({
      target: bookingAssignments.bookingId,
      set: { technicianId, assignedAt: new Date() },
    });
  return { bookingId, technicianId };
}

/** Every assignment of the business (booking → technician), optionally only one technician's. */
export async function listAssignments(db: DbOrTx, businessId: string, technicianId?: string) {
  const rows = await db
    .select({
      bookingId: bookingAssignments.bookingId,
      technicianId: bookingAssignments.technicianId,
      technicianName: user.name,
    })
    .from(bookingAssignments)
    .innerJoin(user, eq(user.id, bookingAssignments.technicianId))
    .where(
      and(
        eq(bookingAssignments.businessId, businessId),
        technicianId ? eq(bookingAssignments.technicianId, technicianId) : undefined,
      ),
    );
  return rows;
}
