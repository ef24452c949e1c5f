import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CUSTOM_DOMAIN_TEXT, isHostname } from '../../../shared/custom-domains';
import { updateProfile } from '../../db/factories';
import type { AppEnv } from '../../http/context';
import { localDns } from '../../providers/dns/dns';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { forgetHosts } from './custom-domain.service';
import { mountCustomDomains } from './custom-domain-host';

// Custom domains (Elite, decision 1316): validated, not ours, unique; pending until a DNS check (a local table of
// records, no network) finds the CNAME or the TXT proof; verified or failed with the reason; a verified domain serves
// only its business's pages, and an unknown Host falls through to the platform.

const t = await createTestContext();
const dns = localDns();
t.deps.dns = dns;
t.deps.customDomainTarget = 'domains.shineroute.test';

const setDomain = (cookie: string, domain: string) =>
  t.request('/api/branding/domain', { method: 'PUT', cookie, json: { domain } });
const check = (cookie: string) => t.request('/api/branding/domain/check', { method: 'POST', cookie });

async function eliteShop(name: string) {
  const owner = await t.signUp({ plan: 'elite' });
  await bookableBusiness(t.db, owner.userId);
  await updateProfile(t.db, owner.userId, {
    businessName: name,
    bookingSlug: name.toLowerCase().replace(/ /g, '-'),
  });
  return owner;
}

// The app's own routing after the custom-domain step: each request answers with the path it reached.
const pages = new Hono<AppEnv>();
pages.use('*', async (c, next) => {
  c.set('deps', t.deps);
  await next();
});
mountCustomDomains(pages);
pages.get('*', (c) => c.text(`${c.req.path}${new URL(c.req.url).search}`));
const visit = (host: string, path: string) => pages.request(`http://${host}${path}`, { headers: { host } });

describe('hostnames', () => {
  it('are two labels or more, letters last, no IP, port or underscore', () => {
    for (const ok of ['book.lonestar.com', 'a.io', 'x-1.example.co.uk'])
      expect(isHostname(ok), ok).toBe(true);
    for (const bad of [
      'localhost',
      '10.0.0.1',
      'a..com',
      '-a.com',
      'a_b.com',
      'a.com:8080',
      `${'a'.repeat(64)}.com`,
    ])
      expect(isHostname(bad), bad).toBe(false);
  });
});

describe('the custom domain API', () => {
  it('is Elite’s, validated, never ours, and one business’s', async () => {
    const pro = await t.signUp({ plan: 'pro' });
    expect((await setDomain(pro.cookie, 'book.pro.com')).status).toBe(402);
    const owner = await eliteShop('Lone Star');
    expect((await setDomain(owner.cookie, 'not a domain')).status).toBe(400);
    const ours = await setDomain(owner.cookie, 'evil.shineroute.test');
    expect(ours.status).toBe(400);
    expect((await ours.json()).error.message).toBe(CUSTOM_DOMAIN_TEXT.ours);
    const res = await setDomain(owner.cookie, ' https://Book.LoneStar.com/ ');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      domain: 'book.lonestar.com',
      status: 'pending',
      cnameTarget: 'domains.shineroute.test',
      txtName: '_shineroute.book.lonestar.com',
    });
    const other = await eliteShop('Other Shop');
    const taken = await setDomain(other.cookie, 'book.lonestar.com');
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe(CUSTOM_DOMAIN_TEXT.taken);
    // Checking with nothing named is a 404; another business's domain is never checked for you.
    expect((await check(other.cookie)).status).toBe(404);
  });

  it('fails with the reason until the CNAME exists, then is verified; a TXT proof works too', async () => {
    const owner = await eliteShop('Cname Shop');
    await setDomain(owner.cookie, 'book.cname.com');
    const failed = await (await check(owner.cookie)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      failure: CUSTOM_DOMAIN_TEXT.notYet('domains.shineroute.test'),
    });
    dns.records['book.cname.com'] = { cname: ['Domains.ShineRoute.test.'] };
    expect(await (await check(owner.cookie)).json()).toMatchObject({ status: 'verified', failure: null });

    const apex = await eliteShop('Apex Shop');
    const named = await (await setDomain(apex.cookie, 'apexshop.com')).json();
    // A TXT record with another value (another business's) proves nothing.
    dns.records['_shineroute.apexshop.com'] = { txt: ['shineroute-verify=somebody-else'] };
    expect((await (await check(apex.cookie)).json()).status).toBe('failed');
    dns.records['_shineroute.apexshop.com'] = { txt: [named.txtValue] };
    expect((await (await check(apex.cookie)).json()).status).toBe('verified');
  });

  it('reports a failed lookup as such', async () => {
    const owner = await eliteShop('Flaky Shop');
    await setDomain(owner.cookie, 'book.flaky.com');
    const saved = t.deps.dns;
    t.deps.dns = {
      kind: 'local',
      cnames: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
      txts: async () => [],
    };
    expect(await (await check(owner.cookie)).json()).toMatchObject({
      status: 'failed',
      failure: CUSTOM_DOMAIN_TEXT.lookupFailed,
    });
    t.deps.dns = saved;
  });
});

describe('serving a business on its domain', () => {
  it('serves only its business; an unverified, unknown or lapsed-plan host falls through', async () => {
    const owner = await eliteShop('Host Shop');
    const other = await eliteShop('Next Door');
    await setDomain(owner.cookie, 'book.hostshop.com');
    // Pending: not served yet.
    expect(await (await visit('book.hostshop.com', '/')).text()).toBe('/');
    dns.records['book.hostshop.com'] = { cname: ['domains.shineroute.test'] };
    await check(owner.cookie);
    expect(await (await visit('book.hostshop.com', '/')).text()).toBe('/book/host-shop');
    expect(await (await visit('book.hostshop.com', '/book?zip=78701')).text()).toBe(
      '/book/host-shop?zip=78701',
    );
    expect(await (await visit('book.hostshop.com', '/book/host-shop')).text()).toBe('/book/host-shop');
    // Another business's page is not served on this business's domain.
    expect((await visit('book.hostshop.com', '/book/next-door')).status).toBe(404);
    expect((await visit('book.hostshop.com', `/book/${other.userId}`)).status).toBe(404);
    // The rest is the platform's, as is every host that names no verified domain.
    expect(await (await visit('book.hostshop.com', '/api/services')).text()).toBe('/api/services');
    // A customer link's token that names no business of this domain is not served on it (decision 1341).
    expect((await visit('book.hostshop.com', '/manage/abc')).status).toBe(404);
    expect(await (await visit('unknown.example.com', '/')).text()).toBe('/');
    expect(await (await visit('unknown.example.com', '/book/next-door')).text()).toBe('/book/next-door');
    // Off Elite, the domain stops serving the business.
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    forgetHosts();
    expect(await (await visit('book.hostshop.com', '/')).text()).toBe('/');
  });
});

describe('the TLS proxy’s question', () => {
  it('is yes only for a verified domain served here', async () => {
    const owner = await eliteShop('Tls Shop');
    await setDomain(owner.cookie, 'book.tlsshop.com');
    const ask = (d: string) => t.request(`/api/public/custom-domains/allowed?domain=${d}`);
    expect((await ask('book.tlsshop.com')).status).toBe(404);
    dns.records['book.tlsshop.com'] = { cname: ['domains.shineroute.test'] };
    await check(owner.cookie);
    expect((await ask('book.tlsshop.com')).status).toBe(200);
    expect((await ask('random.example.com')).status).toBe(404);
  });
});
