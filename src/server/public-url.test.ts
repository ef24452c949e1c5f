import { describe, expect, it } from 'vitest';
import { loadEnv, publicUrlOf } from './env';
import { bookableBusiness, bookingForm } from './features/bookings/book/booking.fixtures';
import { startupBanner } from './startup-banner';
import { createTestContext, nextIp, sessionCookie } from './test/harness';

// Issue 25, item 16: with HOST=127.0.0.1 the printed address was http://localhost:PORT, and checkout and email links
// went to that other origin, where the browser holds no session cookie.

describe('the default public address follows HOST and PORT', () => {
  it.each([
    [{ HOST: '127.0.0.1', PORT: '4123' }, 'http://127.0.0.1:4123'],
    [{}, 'http://127.0.0.1:3000'],
    [{ HOST: 'localhost', PORT: '4123' }, 'http://localhost:4123'],
    [{ HOST: '0.0.0.0', PORT: '8080' }, 'http://localhost:8080'],
    [{ HOST: '::', PORT: '8080' }, 'http://localhost:8080'],
    [{ HOST: '::1', PORT: '8080' }, 'http://[::1]:8080'],
    [{ HOST: '192.168.1.20', PORT: '3000' }, 'http://192.168.1.20:3000'],
    [{ HOST: '127.0.0.1', PORT: '4123', PUBLIC_URL: 'https://app.example.com/' }, 'https://app.example.com'],
  ])('%o → %s', (vars, url) => {
    expect(publicUrlOf(loadEnv(vars))).toBe(url);
  });

  it('the start-up banner prints that address, not localhost', () => {
    const publicUrl = publicUrlOf(loadEnv({ HOST: '127.0.0.1', PORT: '4123' }));
    const banner = startupBanner({
      publicUrl,
      mailTransport: 'smtp',
      smsTransport: 'twilio',
      demoLogins: null,
    });
    expect(banner).toContain('ShineRoute is running at http://127.0.0.1:4123');
    expect(banner.join('\n')).not.toContain('localhost');
  });
});

const t = await createTestContext({ publicUrl: publicUrlOf(loadEnv({ HOST: '127.0.0.1', PORT: '4123' })) });

describe('a server bound to 127.0.0.1 keeps users on one origin', () => {
  /** Exactly these headers: the harness would send the app's own origin. */
  const from = (origin: string, path: string, json: unknown) =>
    t.app.request(path, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify(json),
    });

  it.each(['http://127.0.0.1:4123', 'http://localhost:4123'])('signs up and in from %s', async (origin) => {
    const account = {
      email: `o-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-battery',
    };
    const up = await from(origin, '/api/auth/sign-up/email', {
      ...account,
      name: 'Lo Cal',
      firstName: 'Lo',
      lastName: 'Cal',
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const signIn = await from(origin, '/api/auth/sign-in/email', account);
    expect(signIn.status).toBe(200);
    expect(sessionCookie(signIn)).toContain('better-auth.session_token=');
  });

  it('checkout links name the printed origin', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const res = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(new URL(((await res.json()) as { url: string }).url).origin).toBe('http://127.0.0.1:4123');
  });
});
