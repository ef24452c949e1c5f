import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEAM_TEXT } from '../../../shared/team';
import { createBooking, createService, updateProfile } from '../../db/factories';
import { teamInvitations } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

const invite = (cookie: string, email: string) =>
  t.request('/api/team/invitations', { method: 'POST', cookie, json: { email } });

async function tokenFor(email: string) {
  const [mail] = await t.emailsTo(email);
  const match = mail?.body.match(/\/join\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link sent to ${email}`);
  return match[1]!;
}

const newEmail = () => `tech-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** An owner's invitation accepted by a new account with that email. */
async function joinedTechnician(owner: { cookie: string }) {
  const email = newEmail();
  expect((await invite(owner.cookie, email)).status).toBe(201);
  const token = await tokenFor(email);
  const tech = await t.signUp({ email, firstName: 'Theo', lastName: 'Tech' });
  const res = await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: tech.cookie });
  expect(res.status).toBe(200);
  return { ...tech, token };
}

describe('invitations', () => {
  it('invites by email with a single-use link; the invitee creates an account and joins the business', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Shiny Co' });
    const email = newEmail();
    const res = await invite(owner.cookie, email.toUpperCase());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.email).toBe(email);
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = await t.emailsTo(email);
    expect(mail!.subject).toBe("You're invited to join Shiny Co on ShineRoute");

    const token = await tokenFor(email);
    const described = await (await t.request(`/api/invitations/${token}`)).json();
    expect(described).toMatchObject({ businessName: 'Shiny Co', email, problem: null, accountExists: false });
    // Only the hash is stored.
    const [row] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.email, email));
    expect(row!.tokenHash).not.toContain(token);

    const tech = await t.signUp({ email });
    const accepted = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      cookie: tech.cookie,
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ businessName: 'Shiny Co' });
    const billing = await (await t.request('/api/billing', { cookie: tech.cookie })).json();
    expect(billing).toMatchObject({ memberRole: 'technician', businessName: 'Shiny Co' });
    const team = await (await t.request('/api/team', { cookie: owner.cookie })).json();
    expect(team.members.map((m: { email: string }) => m.email)).toEqual([email]);
    expect(team.invitations).toEqual([]);

    // Single use.
    const again = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      cookie: tech.cookie,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(TEAM_TEXT.used);
    expect((await (await t.request(`/api/invitations/${token}`)).json()).problem).toBe(TEAM_TEXT.used);
  });

  it('an existing account with the invited email attaches; another account is refused', async () => {
    const owner = await t.signUp();
    const existing = await t.signUp({ plan: 'starter' });
    await invite(owner.cookie, existing.email);
    const token = await tokenFor(existing.email);
    expect((await (await t.request(`/api/invitations/${token}`)).json()).accountExists).toBe(true);
    const stranger = await t.signUp();
    const wrong = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      cookie: stranger.cookie,
    });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.message).toBe(TEAM_TEXT.wrongAccount(existing.email));
    const ok = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      cookie: existing.cookie,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses expired and revoked links, unknown tokens, and accepting signed out', async () => {
    const owner = await t.signUp();
    const email = newEmail();
    await invite(owner.cookie, email);
    const token = await tokenFor(email);
    expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST' })).status).toBe(401);
    await t.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, email));
    const tech = await t.signUp({ email });
    const expired = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      cookie: tech.cookie,
    });
    expect(expired.status).toBe(409);
    expect((await expired.json()).error.message).toBe(TEAM_TEXT.expired);

    // A new invitation replaces the expired one; revoking it kills its link.
    expect((await invite(owner.cookie, email)).status).toBe(201);
    const token2 = await tokenFor(email);
    const team = await (await t.request('/api/team', { cookie: owner.cookie })).json();
    const revoke = await t.request(`/api/team/invitations/${team.invitations[0].id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(revoke.status).toBe(204);
    expect(await revoke.text()).toBe('');
    const revoked = await t.request(`/api/invitations/${token2}/accept`, {
      method: 'POST',
      cookie: tech.cookie,
    });
    expect((await revoked.json()).error.message).toBe(TEAM_TEXT.revokedLink);

    const unknown = await t.request('/api/invitations/not-a-token');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(TEAM_TEXT.notValid);
  });

  it('validates the email and refuses duplicates and the team’s own members', async () => {
    const owner = await t.signUp();
    for (const [email, message] of [
      ['', 'Email is required'],
      ['not-an-email', 'Enter a valid email address'],
    ]) {
      const res = await invite(owner.cookie, email!);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
    const missing = await t.request('/api/team/invitations', {
      method: 'POST',
      cookie: owner.cookie,
      json: {},
    });
    expect((await missing.json()).error.message).toBe('Email is required');
    const email = newEmail();
    expect((await invite(owner.cookie, email)).status).toBe(201);
    const dup = await invite(owner.cookie, email);
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe(TEAM_TEXT.alreadyPending);
    const self = await invite(owner.cookie, owner.email);
    expect((await self.json()).error.message).toBe(TEAM_TEXT.alreadyMember);
  });

  it("another business's invitation or member, or a malformed id, answers 404", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await invite(other.cookie, newEmail());
    const otherTech = await joinedTechnician(other);
    const theirs = await (await t.request('/api/team', { cookie: other.cookie })).json();
    for (const path of [
      `/api/team/invitations/${theirs.invitations[0].id}`,
      `/api/team/members/${otherTech.userId}`,
      '/api/team/invitations/nope',
    ]) {
      expect((await t.request(path, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    }
    const still = await (await t.request('/api/team', { cookie: other.cookie })).json();
    expect(still.invitations).toHaveLength(1);
    expect(still.members).toHaveLength(1);
  });
});

describe('seats', () => {
  it('Starter has one seat: the owner; the invitation is refused with a clear message', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const res = await invite(owner.cookie, newEmail());
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      'The Starter plan includes 1 user, counting you and pending invitations. Remove a member or upgrade your plan.',
    );
  });

  it('Pro: 5 concurrent invitations give exactly 2 (owner + 2 = 3 seats)', async () => {
    const owner = await t.signUp({ plan: 'pro' });
    const results = await Promise.all(Array.from({ length: 5 }, () => invite(owner.cookie, newEmail())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing.seats).toEqual({ used: 3, limit: 3 });
  });

  it('Elite is unlimited; a downgrade that would exceed the seats is refused until members are removed', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const techs = [
      await joinedTechnician(owner),
      await joinedTechnician(owner),
      await joinedTechnician(owner),
    ];
    expect((await invite(owner.cookie, newEmail())).status).toBe(201);
    const down = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'pro' },
    });
    expect(down.status).toBe(409);
    expect((await down.json()).error.message).toBe(
      'The Pro plan includes 3 users, counting you and pending invitations. Remove a member or upgrade your plan.',
    );
    const team = await (await t.request('/api/team', { cookie: owner.cookie })).json();
    await t.request(`/api/team/invitations/${team.invitations[0].id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(
      (await t.request(`/api/team/members/${techs[0]!.userId}`, { method: 'DELETE', cookie: owner.cookie }))
        .status,
    ).toBe(204);
    const ok = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'pro' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('members', () => {
  it('removing a member ends their sessions and their access to the business', async () => {
    const owner = await t.signUp();
    const tech = await joinedTechnician(owner);
    expect((await t.request('/api/bookings', { cookie: tech.cookie })).status).toBe(200);
    const res = await t.request(`/api/team/members/${tech.userId}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    expect((await t.request('/api/bookings', { cookie: tech.cookie })).status).toBe(401);
    const { cookie } = await t.signIn(tech.email, tech.password);
    const billing = await (await t.request('/api/billing', { cookie })).json();
    expect(billing.memberRole).toBe('owner');
  });

  it('technicians cannot manage the team', async () => {
    const owner = await t.signUp();
    const tech = await joinedTechnician(owner);
    for (const [method, path, json] of [
      ['POST', '/api/team/invitations', { email: newEmail() }],
      ['DELETE', `/api/team/members/${tech.userId}`, undefined],
    ] as const) {
      const res = await t.request(path, { method, cookie: tech.cookie, json });
      expect(res.status).toBe(403);
    }
  });

  it('answers 401 signed out', async () => {
    expect((await t.request('/api/team')).status).toBe(401);
    expect((await invite('', newEmail())).status).toBe(401);
  });
});

describe('booking assignment', () => {
  async function ownerWithBooking() {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 4500 });
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      scheduledAt: new Date(Date.now() + 48 * 3_600_000),
      locationAddress: '1 Main St',
      quotedPriceCents: 4500,
    });
    return { owner, booking };
  }
  const assign = (cookie: string, bookingId: string, technicianId: string | null) =>
    t.request(`/api/team/assignments/${bookingId}`, { method: 'PUT', cookie, json: { technicianId } });

  it('the owner assigns a booking; the technician finds it among their jobs; clearing it unassigns', async () => {
    const { owner, booking } = await ownerWithBooking();
    const tech = await joinedTechnician(owner);
    const res = await assign(owner.cookie, booking.id, tech.userId);
    expect(res.status).toBe(200);
    const mine = await (
      await t.request(`/api/team/assignments?technicianId=${tech.userId}`, { cookie: owner.cookie })
    ).json();
    expect(mine.items).toEqual([
      { bookingId: booking.id, technicianId: tech.userId, technicianName: 'Theo Tech' },
    ]);
    // The technician's own list is their jobs (decision 1160).
    const jobs = await (await t.request('/api/bookings', { cookie: tech.cookie })).json();
    expect(jobs.items.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect((await assign(owner.cookie, booking.id, null)).status).toBe(200);
    const none = await (await t.request('/api/team/assignments', { cookie: owner.cookie })).json();
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a non-member, another business’s booking, and a technician assigning', async () => {
    const { owner, booking } = await ownerWithBooking();
    const other = await ownerWithBooking();
    const tech = await joinedTechnician(owner);
    const stranger = await t.signUp();
    const bad = await assign(owner.cookie, booking.id, stranger.userId);
    expect(bad.status).toBe(404);
    expect((await bad.json()).error.message).toBe(TEAM_TEXT.notTechnician);
    expect((await assign(owner.cookie, other.booking.id, tech.userId)).status).toBe(404);
    expect((await assign(owner.cookie, 'nope', tech.userId)).status).toBe(404);
    expect((await assign(tech.cookie, booking.id, tech.userId)).status).toBe(403);
  });
});
