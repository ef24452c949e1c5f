import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grantRole } from '../../db/factories';
import { outboxMessages } from '../../db/schema';
import { createOutboxMailer } from '../../providers/mail/mailer';
import { createOutboxSmsSender } from '../../providers/sms/sms-sender';
import { createTestContext } from '../../test/harness';
import { OUTBOX_HTML_CSP } from './outbox.routes';

// Issue 25, item 15: the admin's mail viewer over the outbox (the local default without SMTP or Twilio).

const t = await createTestContext();
t.deps.mailer = createOutboxMailer(t.db, 'ShineRoute <no-reply@shineroute.local>');
const admin = await t.createAdmin();
const tag = crypto.randomUUID().slice(0, 8);
const ana = `ana-${tag}@example.com`;

type Summary = {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  hasHtml: boolean;
};
type Page = { items: Summary[]; nextCursor: string | null };

const list = async (query: string) => {
  const res = await t.request(`/api/admin/outbox?${query}`, { cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page;
};

await t.deps.mailer.send({ to: ana, subject: 'First', text: 'one' });
await t.deps.mailer.send({ to: `bo-${tag}@example.com`, subject: 'To Bo', text: 'bo' });
await t.deps.mailer.send({
  to: ana,
  subject: 'Spring Special',
  text: 'Twenty percent off. https://example.com/offer',
  html: '<html><head><title>x</title></head><body><h1>Spring Special</h1><script>parent.hacked = 1</script></body></html>',
  headers: {
    'List-Unsubscribe': '<https://example.com/u/1>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});
await createOutboxSmsSender(t.db).send({ to: '+15125550142', body: `Your code ${tag}` });
// Sent a minute apart, in this order: messages stored within one clock tick would tie on their time.
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
for (const [n, subject] of [
  [4, 'First'],
  [3, 'To Bo'],
  [2, 'Spring Special'],
] as const) {
  await t.db
    .update(outboxMessages)
    .set({ createdAt: minutesAgo(n) })
    .where(eq(outboxMessages.subject, subject));
}
await t.db
  .update(outboxMessages)
  .set({ createdAt: minutesAgo(1) })
  .where(eq(outboxMessages.body, `Your code ${tag}`));

describe('GET /api/admin/outbox', () => {
  it('answers { items, nextCursor }, newest first, page after page', async () => {
    const first = await list(`q=${tag}&limit=2`);
    expect(first.items.map((m) => m.subject)).toEqual(['Spring Special', 'To Bo']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`q=${tag}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((m) => m.subject)).toEqual(['First']);
    expect(second.nextCursor).toBeNull();
  });

  it('searches recipients by any part, in any case; `to` is one exact recipient', async () => {
    expect((await list(`q=${encodeURIComponent(`ANA-${tag}`)}`)).items.map((m) => m.subject)).toEqual([
      'Spring Special',
      'First',
    ]);
    expect((await list(`to=${encodeURIComponent(ana.toUpperCase())}`)).items).toHaveLength(2);
    expect((await list('q=5550142')).items.map((m) => [m.channel, m.body])).toEqual([
      ['sms', `Your code ${tag}`],
    ]);
    expect((await list(`q=nobody-${tag}`)).items).toEqual([]);
  });

  it('filters by channel and says which emails have an HTML part', async () => {
    const sms = await list('channel=sms&q=%2B1512555');
    expect(sms.items.every((m) => m.channel === 'sms')).toBe(true);
    const emails = await list(`channel=email&q=${tag}`);
    expect(emails.items.map((m) => [m.subject, m.hasHtml])).toEqual([
      ['Spring Special', true],
      ['To Bo', false],
      ['First', false],
    ]);
  });

  it('refuses a malformed cursor, limit or channel with a 400', async () => {
    for (const q of ['cursor=nope', 'limit=0', 'limit=101', 'channel=fax']) {
      const res = await t.request(`/api/admin/outbox?${q}`, { cookie: admin.cookie });
      expect([q, res.status]).toEqual([q, 400]);
    }
  });
});

describe('GET /api/admin/outbox/{id}', () => {
  it('gives the text and HTML parts and the headers of an email', async () => {
    const [special] = (await list(`to=${ana}`)).items;
    const res = await t.request(`/api/admin/outbox/${special!.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const m = await res.json();
    expect(m.body).toBe('Twenty percent off. https://example.com/offer');
    expect(m.html).toContain('<h1>Spring Special</h1>');
    expect(m.headers.map((h: { name: string }) => h.name)).toEqual([
      'From',
      'To',
      'Subject',
      'Date',
      'List-Unsubscribe',
      'List-Unsubscribe-Post',
    ]);
    expect(m.headers[0].value).toBe('ShineRoute <no-reply@shineroute.local>');
    expect(m.headers[1].value).toBe(ana);
  });

  it('an SMS has no HTML part; an unknown or malformed id is a 404', async () => {
    const [sms] = (await list('q=5550142')).items;
    const res = await t.request(`/api/admin/outbox/${sms!.id}`, { cookie: admin.cookie });
    expect(await res.json()).toMatchObject({ channel: 'sms', html: null, body: `Your code ${tag}` });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await t.request(`/api/admin/outbox/${id}`, { cookie: admin.cookie })).status).toBe(404);
    }
  });
});

describe('GET /api/admin/outbox/{id}/html', () => {
  it('serves the HTML part under a policy that runs no script and loads nothing, framed only by the app', async () => {
    const [special] = (await list(`to=${ana}`)).items;
    const res = await t.request(`/api/admin/outbox/${special!.id}/html`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(OUTBOX_HTML_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
    expect(csp).toContain('sandbox');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await res.text();
    // Links open in a new tab: the frame cannot show the app, which refuses to be framed.
    expect(html).toContain('<head><base target="_blank"><title>x</title>');
  });

  it('is a 404 for a text-only email and for an SMS', async () => {
    const first = (await list(`to=${ana}`)).items.find((m) => m.subject === 'First')!;
    const [sms] = (await list('q=5550142')).items;
    for (const id of [first.id, sms!.id]) {
      expect((await t.request(`/api/admin/outbox/${id}/html`, { cookie: admin.cookie })).status).toBe(404);
    }
  });
});

describe('only admins read the outbox', () => {
  it('401 signed out, 403 to an owner and to a technician, on the list, a message and its HTML', async () => {
    const [special] = (await list(`to=${ana}`)).items;
    const paths = [
      '/api/admin/outbox',
      `/api/admin/outbox/${special!.id}`,
      `/api/admin/outbox/${special!.id}/html`,
    ];
    const owner = await t.signUp();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    for (const path of paths) {
      expect([path, (await t.request(path)).status]).toEqual([path, 401]);
      for (const who of [owner, tech]) {
        const res = await t.request(path, { cookie: who.cookie });
        expect([path, res.status]).toEqual([path, 403]);
        expect(await res.text()).not.toContain('Spring Special');
      }
    }
  });
});
