import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { clientAddress } from './client-address';

// Behind one load balancer of ours (TRUST_PROXY=true, TRUSTED_PROXY_HOPS=1): the balancer appends the address it was
// reached from, so a client can write whatever it likes to the left of that, and only the right-most entry is its own.
const t = await createTestContext({ trustProxy: true });
const PROXY_APPENDED = '198.51.100.23';

describe('the client address behind a trusted proxy', () => {
  it('30 wrong sign-ins, each with a new forged first X-Forwarded-For entry, are refused with 429 after the limit', async () => {
    const owner = await t.signUp();
    const statuses: number[] = [];
    for (let n = 1; n <= 30; n++) {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        ip: `203.0.113.${n}, ${PROXY_APPENDED}`,
        json: { email: owner.email, password: 'not-the-password' },
      });
      statuses.push(res.status);
    }
    // The limit is 10 attempts a minute an address (AUTH_RATE_LIMIT_PER_MINUTE).
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Another client behind the same proxy is counted apart.
    const other = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      ip: `${PROXY_APPENDED}, 198.51.100.24`,
      json: { email: owner.email, password: owner.password },
    });
    expect(other.status).toBe(200);
  });

  it("the anonymous routes' limits count the same address (the contact form, 10 an hour)", async () => {
    const send = (n: number) =>
      t.request('/api/public/contact', { method: 'POST', ip: `192.0.2.${n}, 198.51.100.77`, json: {} });
    for (let n = 1; n <= 10; n++) expect((await send(n)).status).not.toBe(429);
    expect((await send(11)).status).toBe(429);
  });
});

describe('clientAddress', () => {
  const socket = () => '10.0.0.5';
  it('takes the entry the outermost trusted proxy appended', () => {
    expect(clientAddress(1, '203.0.113.9, 198.51.100.1', socket)).toBe('198.51.100.1');
    expect(clientAddress(2, '203.0.113.9, 198.51.100.1, 10.0.0.4', socket)).toBe('198.51.100.1');
    expect(clientAddress(1, ' 198.51.100.1 ', socket)).toBe('198.51.100.1');
    // An empty entry the client wrote cannot shift the count.
    expect(clientAddress(1, '203.0.113.9, , 198.51.100.1', socket)).toBe('198.51.100.1');
  });

  it('with fewer entries than hops takes the left-most; trusts none without TRUST_PROXY', () => {
    expect(clientAddress(3, '198.51.100.1, 10.0.0.4', socket)).toBe('198.51.100.1');
    expect(clientAddress(0, '203.0.113.9', socket)).toBe('10.0.0.5');
    expect(clientAddress(1, undefined, socket)).toBe('10.0.0.5');
    expect(clientAddress(1, ' , ', socket)).toBe('10.0.0.5');
  });
});
