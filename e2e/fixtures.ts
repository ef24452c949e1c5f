import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type TestInfo,
  type WorkerInfo,
} from '@playwright/test';

// Journeys run on two workers at once, so each one that writes works in a business of its own, created through the
// API (docs/decisions/1140). Signing in goes through better-auth's HTTP API too: the session cookie lands in the
// browser context, whose `request` shares the context's cookie store. Only the journeys of the sign-in and sign-up
// screens themselves (auth.spec) type into the form.

export const DEMO_OWNER = { email: 'owner@shineroute.test', password: 'shine-demo-owner' };
export const DEMO_ADMIN = { email: 'admin@shineroute.test', password: 'shine-demo-admin' };

export type Account = { email: string; password: string };
export type Owner = Account & { firstName: string; lastName: string; userId: string };
export type Plan = 'starter' | 'pro' | 'elite' | 'franchise';
/** A page or a browser context: what is signed in is its browser context (the cookie store both share). */
type Target = Page | BrowserContext | APIRequestContext;

const requestOf = (target: Target): APIRequestContext => ('request' in target ? target.request : target);

/** better-auth checks the Origin of a POST that carries cookies; every request here says where it comes from. */
function originHeader(info: TestInfo | WorkerInfo = base.info()) {
  return { origin: new URL(info.project.use.baseURL!).origin };
}

/** Signs `target` in through the API (no form, no page load); its browser context holds the session cookie after. */
export async function signIn(target: Target, account: Account, info?: TestInfo | WorkerInfo) {
  const res = await requestOf(target).post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: originHeader(info),
  });
  expect(res.status(), `sign-in of ${account.email}: ${await res.text()}`).toBe(200);
}

export type NewOwnerOptions = { firstName?: string; lastName?: string; plan?: Plan };

/**
 * A brand-new owner and business, signed up through the API (as the sign-up form does) and signed in on `target`.
 * New sign-ups start on the Starter trial; `plan` moves the business through the test-mode billing API. Outside a test
 * (a worker fixture) the worker's `info` says where the requests come from.
 */
export async function signUpNewOwner(
  target: Target,
  options: NewOwnerOptions = {},
  info?: TestInfo | WorkerInfo,
): Promise<Owner> {
  const { firstName = 'Jamie', lastName = 'Rivera', plan } = options;
  const account = { email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: 'e2e-password-123' };
  const res = await requestOf(target).post('/api/auth/sign-up/email', {
    data: { ...account, name: `${firstName} ${lastName}`, firstName, lastName, callbackURL: '/dashboard' },
    headers: originHeader(info),
  });
  expect(res.status(), `sign-up: ${await res.text()}`).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  if (plan && plan !== 'starter') await setPlan(target, plan);
  return { ...account, firstName, lastName, userId: user.id };
}

/**
 * Puts the signed-in owner's business on a plan through the test-mode billing API (new sign-ups start on Starter;
 * journeys through Pro screens call this first — docs/decisions/0803).
 */
export async function setPlan(target: Target, plan: Plan) {
  const res = await requestOf(target).put('/api/billing/plan', { data: { plan } });
  expect(res.status()).toBe(200);
}

export type BookableBusiness = Owner & { businessId: string; name: string; slug: string };

/**
 * A new owner's business that customers can book and pay online: its name, email and phone, test-mode payments and
 * the services given (prices in cents; the §9 vehicle multipliers apply). Signed in on `target`.
 */
export async function newBookableBusiness(
  target: Target,
  services: Array<{ name: string; basePriceCents: number; durationMinutes?: number }>,
  options: NewOwnerOptions & { name?: string } = {},
): Promise<BookableBusiness> {
  const owner = await signUpNewOwner(target, options);
  const request = requestOf(target);
  const stamp = randomUUID().slice(0, 6);
  const name = options.name ?? `Own Shine Detailing ${stamp}`;
  const profile = await request.put('/api/business-profile', {
    data: { businessName: name, businessEmail: `hello-${stamp}@example.com`, phone: '(512) 555-0160' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  expect((await request.post('/api/payouts/account')).status()).toBe(200);
  for (const service of services) {
    const res = await request.post('/api/services', { data: { durationMinutes: 60, ...service } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const { slug } = (await (await request.get('/api/booking-link')).json()) as { slug: string };
  return { ...owner, businessId: owner.userId, name, slug };
}

export type OutboxMessage = { channel: string; subject: string | null; body: string };

type TestFixtures = {
  /** Signs the test's page (or another page or context) in through the API. */
  login: (account: Account, target?: Target) => Promise<void>;
  /** A new owner with a business of their own, signed in on the test's page (or the target given). */
  newOwner: (options?: NewOwnerOptions, target?: Target) => Promise<Owner>;
  /** What the outbox holds for one recipient, newest first (read through the worker's admin session). */
  outbox: (to: string) => Promise<OutboxMessage[]>;
};
type WorkerFixtures = {
  /** The demo admin's API session, signed in once per worker; it only reads. */
  adminApi: APIRequestContext;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  adminApi: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await signIn(api, DEMO_ADMIN, workerInfo);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  login: async ({ page }, use) => {
    await use((account, target = page) => signIn(target, account));
  },
  newOwner: async ({ page }, use) => {
    await use((options, target = page) => signUpNewOwner(target, options));
  },
  outbox: async ({ adminApi }, use) => {
    await use(async (to) => {
      const res = await adminApi.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { items: OutboxMessage[] }).items;
    });
  },
});

export { expect };

/** The first link in a recipient's newest message that holds one (waits for the job queue to send it). */
export async function linkFrom(
  outbox: TestFixtures['outbox'],
  to: string,
  path: RegExp,
  options: { subject?: string; timeout?: number } = {},
) {
  let link = '';
  await expect
    .poll(
      async () => {
        const messages = (await outbox(to)).filter(
          (m) => !options.subject || m.subject?.startsWith(options.subject),
        );
        link =
          messages.map((m) => new RegExp(`https?://\\S+${path.source}`).exec(m.body)?.[0]).find(Boolean) ??
          '';
        return link;
      },
      { timeout: options.timeout ?? 10_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}
