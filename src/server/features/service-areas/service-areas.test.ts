import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createServiceArea, createWaitlistEntry } from '../../db/factories';
import { emailWaitlist, outboxMessages } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { sendLaunchEmails } from './launch-emails.job';

const t = await createTestContext({ jobs: 'memory' });
const jobs = t.memoryJobs!;
type Owner = Awaited<ReturnType<typeof t.signUp>>;

let zipCounter = 40000;
/** A zip no other test in this file uses (the waitlist is shared by all businesses). */
const freshZip = () => String(++zipCounter);

const addArea = (owner: Owner, json: unknown) =>
  t.request('/api/service-areas', { method: 'POST', cookie: owner.cookie, json });
const toggle = (owner: Owner, id: string, isActive: boolean) =>
  t.request(`/api/service-areas/${id}`, { method: 'PATCH', cookie: owner.cookie, json: { isActive } });

async function launchEmailsFor(zip: string) {
  const rows = await t.db.select().from(outboxMessages);
  return rows.filter((m) => m.subject?.includes(`(${zip})`));
}

describe('service areas', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/service-areas')).status).toBe(401);
    expect((await t.request('/api/service-areas/waitlist-insights')).status).toBe(401);
    expect((await t.request('/api/service-areas/zip-lookup/78701')).status).toBe(401);
  });

  it('adds an inactive area with the state code upper-cased, lists newest first with the waiting badge', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    await createWaitlistEntry(t.db, 'one@example.com', zip);
    await createWaitlistEntry(t.db, 'two@example.com', zip);
    const first = await addArea(owner, {
      zipCode: zip,
      city: 'Austin',
      state: 'Texas',
      stateCode: 'tx',
      launchDate: '2030-05-01',
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      zipCode: zip,
      stateCode: 'TX',
      isActive: false,
      launchDate: '2030-05-01',
      waitingCount: 2,
    });
    const second = await addArea(owner, {
      zipCode: freshZip(),
      city: 'Round Rock',
      state: 'Texas',
      stateCode: '',
      launchDate: '',
    });
    expect(await second.json()).toMatchObject({ stateCode: null, launchDate: null, waitingCount: 0 });

    const list = await (await t.request('/api/service-areas', { cookie: owner.cookie })).json();
    expect(list.items.map((a: { city: string; waitingCount: number }) => [a.city, a.waitingCount])).toEqual([
      ['Round Rock', 0],
      ['Austin', 2],
    ]);
  });

  it.each([
    [{ zipCode: '', city: 'Austin', state: 'Texas' }, 'Please fill in all required fields'],
    [{ zipCode: '78701', city: '', state: 'Texas' }, 'Please fill in all required fields'],
    [{ zipCode: '78701', city: 'Austin', state: '  ' }, 'Please fill in all required fields'],
    [{ zipCode: '78701', city: 'Austin' }, 'Please fill in all required fields'],
    [{ zipCode: '787011', city: 'Austin', state: 'Texas' }, 'Please enter a valid 5-digit zip code'],
    [{ zipCode: '7870', city: 'Austin', state: 'Texas' }, 'Please enter a valid 5-digit zip code'],
    [{ zipCode: 'abcde', city: 'Austin', state: 'Texas' }, 'Please enter a valid 5-digit zip code'],
    [{ zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'TEX' }, 'State code must be 2 letters'],
    [{ zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'T1' }, 'State code must be 2 letters'],
    [
      { zipCode: '78701', city: 'Austin', state: 'Texas', launchDate: '2030-13-01' },
      'Please enter a valid launch date',
    ],
  ])('rejects %j', async (json, message) => {
    const owner = await t.signUp();
    const res = await addArea(owner, json);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('refuses the same zip twice for one business but lets another business serve it', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const zip = freshZip();
    const area = { zipCode: zip, city: 'Austin', state: 'Texas' };
    expect((await addArea(a, area)).status).toBe(201);
    const again = await addArea(a, area);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('You already have a service area for this zip code');
    expect((await addArea(b, area)).status).toBe(201);
  });

  it('toggles and deletes', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    const area = await (await addArea(owner, { zipCode: zip, city: 'Austin', state: 'Texas' })).json();
    const on = await toggle(owner, area.id, true);
    expect(on.status).toBe(200);
    expect((await on.json()).area.isActive).toBe(true);
    const avail = await (await t.request(`/api/public/availability?zip=${zip}`)).json();
    expect(avail.available).toBe(true);
    expect((await (await toggle(owner, area.id, false)).json()).area.isActive).toBe(false);
    const del = await t.request(`/api/service-areas/${area.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    const malformed = await t.request('/api/service-areas/not-a-uuid', {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(malformed.status).toBe(404);
    expect((await malformed.json()).error.message).toBe('Service area not found');
    expect((await (await t.request('/api/service-areas', { cookie: owner.cookie })).json()).items).toEqual(
      [],
    );
  });

  it('fills zip, city and state from the offline zip dataset', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/service-areas/zip-lookup/78701', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'TX' });
    const unknown = await t.request('/api/service-areas/zip-lookup/00000', { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('We could not find this zip code');
    expect((await t.request('/api/service-areas/zip-lookup/7870', { cookie: owner.cookie })).status).toBe(
      400,
    );
  });
});

describe('Waitlist Insights', () => {
  it('lists zips with unnotified waiters and no active area, most waiters first', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const [big, small, served, notifiedOnly, mine] = [
      freshZip(),
      freshZip(),
      freshZip(),
      freshZip(),
      '10001',
    ];
    for (const e of ['a', 'b', 'c']) await createWaitlistEntry(t.db, `${e}@big.test`, big);
    await createWaitlistEntry(t.db, 'a@small.test', small);
    for (const e of ['a', 'b', 'c', 'd']) await createWaitlistEntry(t.db, `${e}@served.test`, served);
    await createServiceArea(t.db, other.userId, { zipCode: served, city: 'X', state: 'Y', isActive: true });
    await createWaitlistEntry(t.db, 'a@done.test', notifiedOnly);
    await t.db.update(emailWaitlist).set({ notified: true }).where(eq(emailWaitlist.zipCode, notifiedOnly));
    await createWaitlistEntry(t.db, 'a@ny.test', mine);
    await createWaitlistEntry(t.db, 'b@ny.test', mine);
    await createServiceArea(t.db, owner.userId, {
      zipCode: mine,
      city: 'New York',
      state: 'New York',
      isActive: false,
    });

    const res = await t.request('/api/service-areas/waitlist-insights', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const { items: insights, nextCursor } = await res.json();
    expect(nextCursor).toBeNull();
    const zips = insights.map((i: { zipCode: string }) => i.zipCode);
    expect(zips).not.toContain(served);
    expect(zips).not.toContain(notifiedOnly);
    const pick = (zip: string) => insights.find((i: { zipCode: string }) => i.zipCode === zip);
    expect(zips.indexOf(big)).toBeLessThan(zips.indexOf(mine));
    expect(zips.indexOf(mine)).toBeLessThan(zips.indexOf(small));
    expect(pick(big)).toMatchObject({ waitingCount: 3, hasArea: false });
    expect(pick(mine)).toEqual({
      zipCode: '10001',
      waitingCount: 2,
      city: 'New York',
      state: 'New York',
      stateCode: 'NY',
      hasArea: true,
    });
    const counts = insights.map((i: { waitingCount: number }) => i.waitingCount);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
  });
});

describe('launch emails', () => {
  it('activation queues one email per unnotified waiter and marks them notified once sent; toggling again sends nothing more', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    for (const e of ['ann', 'ben', 'cat']) await createWaitlistEntry(t.db, `${e}@launch.test`, zip);
    await createWaitlistEntry(t.db, 'dan@launch.test', freshZip()); // another zip: never emailed here
    const area = await (
      await addArea(owner, { zipCode: zip, city: 'Austin', state: 'Texas', stateCode: 'TX' })
    ).json();
    expect(area.waitingCount).toBe(3);
    await jobs.drain(); // whatever the app queued at start (the SEO render-ahead pass)

    const on = await toggle(owner, area.id, true);
    expect((await on.json()).launchEmailsQueued).toBe(3);
    // Nothing is sent before the job runs.
    expect(await launchEmailsFor(zip)).toHaveLength(0);
    expect(jobs.pending()).toBe(1);
    await jobs.drain();

    const emails = await launchEmailsFor(zip);
    expect(emails.map((m) => m.to).sort()).toEqual(['ann@launch.test', 'ben@launch.test', 'cat@launch.test']);
    expect(emails[0]!.subject).toBe(`ShineRoute now serves Austin, TX (${zip})`);
    expect(emails[0]!.body).toContain(`http://localhost:3000/book?zip=${zip}`);
    const waiters = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.zipCode, zip));
    expect(waiters.every((w) => w.notified && w.notifiedAt)).toBe(true);

    const list = await (await t.request('/api/service-areas', { cookie: owner.cookie })).json();
    expect(list.items[0].waitingCount).toBe(0);

    // Off and on again, and a late waiter: only the new waiter is emailed.
    await toggle(owner, area.id, false);
    await createWaitlistEntry(t.db, 'eve@launch.test', zip);
    const again = await (await toggle(owner, area.id, true)).json();
    expect(again.launchEmailsQueued).toBe(1);
    await jobs.drain();
    const after = await launchEmailsFor(zip);
    expect(after).toHaveLength(4);
    expect(after.filter((m) => m.to === 'ann@launch.test')).toHaveLength(1);
    expect(after.filter((m) => m.to === 'eve@launch.test')).toHaveLength(1);

    // A job run twice (a retry, or two businesses launching the same zip) emails nobody twice.
    await Promise.all([
      sendLaunchEmails(t.deps, { zipCode: zip }),
      sendLaunchEmails(t.deps, { zipCode: zip }),
    ]);
    await jobs.drain();
    expect(await launchEmailsFor(zip)).toHaveLength(4);
  });

  it('two jobs for the same zip at once email each waiter exactly once', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    const people = ['p1', 'p2', 'p3', 'p4', 'p5'].map((p) => `${p}@race.test`);
    for (const p of people) await createWaitlistEntry(t.db, p, zip);
    await createServiceArea(t.db, owner.userId, { zipCode: zip, city: 'A', state: 'B', isActive: true });
    const results = await Promise.all([
      sendLaunchEmails(t.deps, { zipCode: zip }),
      sendLaunchEmails(t.deps, { zipCode: zip }),
      sendLaunchEmails(t.deps, { zipCode: zip }),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(5);
    await jobs.drain(); // each waiter's email is its own job (decision 1321)
    const emails = await launchEmailsFor(zip);
    expect(emails.map((m) => m.to).sort()).toEqual(people);
  });

  it('re-activating an already active area queues nothing', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    await createWaitlistEntry(t.db, 'x@launch.test', zip);
    const area = await (await addArea(owner, { zipCode: zip, city: 'A', state: 'B' })).json();
    await toggle(owner, area.id, true);
    await jobs.drain();
    const before = jobs.sent.length;
    const res = await (await toggle(owner, area.id, true)).json();
    expect(res.launchEmailsQueued).toBe(0);
    expect(jobs.sent.length).toBe(before);
  });

  it('sends nothing when the area was switched off before the job ran, and keeps the waiters waiting', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    await createWaitlistEntry(t.db, 'late@launch.test', zip);
    const area = await (await addArea(owner, { zipCode: zip, city: 'A', state: 'B' })).json();
    await toggle(owner, area.id, true);
    await toggle(owner, area.id, false);
    await jobs.drain();
    expect(await launchEmailsFor(zip)).toHaveLength(0);
    const [w] = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.zipCode, zip));
    expect(w!.notified).toBe(false);
  });

  // With a queue, each waiter's email is its own job, retried by the queue (platform-emails-outbox.test.ts); without
  // one, the email goes after the claim's commit and a failure releases the waiter.
  it('without a queue, releases a waiter whose email failed so that the retry sends it', async () => {
    const owner = await t.signUp();
    const zip = freshZip();
    await createWaitlistEntry(t.db, 'flaky@launch.test', zip);
    await createWaitlistEntry(t.db, 'fine@launch.test', zip);
    await createServiceArea(t.db, owner.userId, { zipCode: zip, city: 'A', state: 'B', isActive: true });
    let failOnce = true;
    const flakyMailer = {
      transport: 'outbox' as const,
      send: async (m: { to: string; subject: string; text: string }) => {
        if (m.to === 'flaky@launch.test' && failOnce) {
          failOnce = false;
          throw new Error('SMTP timeout');
        }
        await t.mailer.send(m);
      },
    };
    await expect(
      sendLaunchEmails({ ...t.deps, jobs: undefined, mailer: flakyMailer }, { zipCode: zip }),
    ).rejects.toThrow('SMTP timeout');
    const rows = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.zipCode, zip));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.notified]))).toEqual({
      'flaky@launch.test': false,
      'fine@launch.test': true,
    });
    await sendLaunchEmails({ ...t.deps, jobs: undefined, mailer: flakyMailer }, { zipCode: zip });
    const emails = await launchEmailsFor(zip);
    expect(emails.map((m) => m.to).sort()).toEqual(['fine@launch.test', 'flaky@launch.test']);
  });
});

describe('tenancy', () => {
  it("answers 404 for another business's area", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const area = await (await addArea(a, { zipCode: freshZip(), city: 'A', state: 'B' })).json();
    expect((await toggle(b, area.id, true)).status).toBe(404);
    expect(
      (await t.request(`/api/service-areas/${area.id}`, { method: 'DELETE', cookie: b.cookie })).status,
    ).toBe(404);
    expect((await (await t.request('/api/service-areas', { cookie: b.cookie })).json()).items).toEqual([]);
    const own = await (await t.request('/api/service-areas', { cookie: a.cookie })).json();
    expect(own.items[0].isActive).toBe(false);
  });
});
