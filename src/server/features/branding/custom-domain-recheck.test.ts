// The app's zod with .openapi() first: the emails' modules build schemas the app's routes describe.
import '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOMAIN_MISSES_TO_SWITCH_OFF } from '../../../shared/custom-domains';
import { updateProfile } from '../../db/factories';
import { businessBrandings } from '../../db/schema';
import { localDns } from '../../providers/dns/dns';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { businessOfHost, forgetHosts } from './custom-domain.service';
import { recheckVerifiedDomains } from './custom-domain-recheck';

// The daily re-check of verified domains (decision 1342), on the local DNS table and a test clock: a record gone at
// three checks in a row switches the domain off and emails the owner; a record back in between starts the count
// again; a failed lookup is no miss; a domain checked less than a day ago waits.

const t = await createTestContext();
const dns = localDns();
t.deps.dns = dns;
t.deps.customDomainTarget = 'domains.shineroute.test';
const DAY = 24 * 60 * 60_000;

async function verified(name: string, domain: string) {
  const owner = await t.signUp({ plan: 'elite' });
  await bookableBusiness(t.db, owner.userId);
  await updateProfile(t.db, owner.userId, {
    businessName: name,
    bookingSlug: name.toLowerCase().replace(/ /g, '-'),
  });
  dns.records[domain] = { cname: ['domains.shineroute.test'] };
  await t.request('/api/branding/domain', { method: 'PUT', cookie: owner.cookie, json: { domain } });
  const check = await t.request('/api/branding/domain/check', { method: 'POST', cookie: owner.cookie });
  expect((await check.json()).status).toBe('verified');
  return owner;
}

const domainOf = async (cookie: string) => (await t.request('/api/branding/domain', { cookie })).json();

describe('the daily re-check of verified domains', () => {
  it('switches a domain off after three daily checks without its record, and emails the owner', async () => {
    expect(DOMAIN_MISSES_TO_SWITCH_OFF).toBe(3);
    const owner = await verified('Gone Shine', 'book.goneshine.com');
    const kept = await verified('Kept Shine', 'book.keptshine.com');
    const start = Date.now();
    // Checked just now by the owner: not due yet.
    let run = await recheckVerifiedDomains(t.deps, new Date(start + 60_000));
    expect(await domainOf(owner.cookie)).toMatchObject({ misses: 0, lastResult: 'found' });

    delete dns.records['book.goneshine.com'];
    for (let day = 1; day <= 2; day++) {
      run = await recheckVerifiedDomains(t.deps, new Date(start + day * DAY));
      expect(run.switchedOff).toEqual([]);
      expect(await domainOf(owner.cookie)).toMatchObject({
        status: 'verified',
        misses: day,
        lastResult: 'missing',
      });
    }
    // Still served while the count is below three.
    forgetHosts();
    expect(await businessOfHost(t.db, 'book.goneshine.com')).not.toBeNull();
    // Checked again within the day: nothing changes.
    await recheckVerifiedDomains(t.deps, new Date(start + 2 * DAY + 60 * 60_000));
    expect((await domainOf(owner.cookie)).misses).toBe(2);

    run = await recheckVerifiedDomains(t.deps, new Date(start + 3 * DAY));
    expect(run.switchedOff).toEqual(['book.goneshine.com']);
    const off = await domainOf(owner.cookie);
    expect(off).toMatchObject({ status: 'failed', misses: 3, lastResult: 'missing' });
    expect(off.failure).toContain('3 daily checks');
    expect(await businessOfHost(t.db, 'book.goneshine.com')).toBeNull();
    const [email] = await t.emailsTo(owner.email);
    expect(email?.subject).toBe('Your custom domain book.goneshine.com was switched off');
    expect(email?.body).toContain('domains.shineroute.test');
    // The other business's domain kept its record: verified, no miss, no email.
    expect(await domainOf(kept.cookie)).toMatchObject({ status: 'verified', misses: 0, lastResult: 'found' });
    expect((await t.emailsTo(kept.email)).some((m) => m.subject?.includes('switched off'))).toBe(false);
    // A switched-off domain is no longer re-checked; the owner's Check DNS switches it on again.
    run = await recheckVerifiedDomains(t.deps, new Date(start + 4 * DAY));
    expect(run.switchedOff).toEqual([]);
    dns.records['book.goneshine.com'] = { cname: ['domains.shineroute.test'] };
    const back = await t.request('/api/branding/domain/check', { method: 'POST', cookie: owner.cookie });
    expect(await back.json()).toMatchObject({ status: 'verified', misses: 0 });
  });

  it('a record back in between starts the count again; a failed lookup is no miss', async () => {
    const owner = await verified('Flaky Shine', 'book.flakyshine.com');
    const [row] = await t.db
      .select({ at: businessBrandings.domainCheckedAt })
      .from(businessBrandings)
      .where(eq(businessBrandings.businessId, owner.userId));
    const start = row!.at!.getTime();
    delete dns.records['book.flakyshine.com'];
    await recheckVerifiedDomains(t.deps, new Date(start + DAY));
    await recheckVerifiedDomains(t.deps, new Date(start + 2 * DAY));
    expect((await domainOf(owner.cookie)).misses).toBe(2);
    dns.records['book.flakyshine.com'] = { cname: ['domains.shineroute.test'] };
    await recheckVerifiedDomains(t.deps, new Date(start + 3 * DAY));
    expect(await domainOf(owner.cookie)).toMatchObject({
      status: 'verified',
      misses: 0,
      lastResult: 'found',
    });

    const saved = t.deps.dns;
    t.deps.dns = { kind: 'local', cnames: () => Promise.reject(new Error('SERVFAIL')), txts: async () => [] };
    for (let day = 4; day <= 7; day++) await recheckVerifiedDomains(t.deps, new Date(start + day * DAY));
    t.deps.dns = saved;
    expect(await domainOf(owner.cookie)).toMatchObject({
      status: 'verified',
      misses: 0,
      lastResult: 'lookup_failed',
    });
  });
});
