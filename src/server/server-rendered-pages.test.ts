import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_META } from '../shared/page-meta';
import { DEFAULT_PLATFORM_SETTINGS } from '../shared/platform-settings';
import { AUTH_TEXTS } from '../web/islands/auth-form';
import { setClassMerge } from '../web/lib/class-merge';
import { createApp } from './app';
import { createSeoPage, createService, createServiceArea, updateProfile } from './db/factories';
import { createTestContext } from './test/harness';

// The public pages arrive as complete HTML with only their island's script (docs/decisions/0910).

const t = await createTestContext();
const dist = mkdtempSync(join(tmpdir(), 'shineroute-ssr-'));
mkdirSync(join(dist, '.vite'), { recursive: true });
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><meta name="theme-color" content="#0f172a" /><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>ShineRoute</title><script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-dom-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>
<body><div id="root"></div></body></html>`,
);
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'islands/landing.ts': { file: 'assets/landing-1.js', isEntry: true, imports: ['_header-menu-1.js'] },
    'islands/public-page.ts': {
      file: 'assets/public-page-1.js',
      isEntry: true,
      imports: ['_header-menu-1.js'],
    },
    'islands/book.tsx': { file: 'assets/book-1.js', isEntry: true, imports: ['_header-menu-1.js'] },
    'islands/contact.ts': { file: 'assets/contact-1.js', isEntry: true, imports: ['_header-menu-1.js'] },
    'islands/auth.ts': { file: 'assets/auth-1.js', isEntry: true, imports: ['_header-menu-1.js'] },
    '_header-menu-1.js': { file: 'assets/header-menu-1.js' },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const web = createApp({ ...t.deps, webDistDir: dist });

describe('server-rendered public pages', () => {
  it('the landing page is complete HTML with its island, not the web app', async () => {
    const res = await web.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('Showroom shine, <span class="text-blue-400">at your door.</span>');
    expect(html).toContain('Check availability in your area');
    expect(html).toContain('Simple pricing that grows with you');
    expect(html).toContain('<script type="module" crossorigin src="/assets/landing-1.js"></script>');
    // The island's imports are fetched by the browser after its entry: no preload competes with the stylesheet.
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('href="/assets/index-1.css"');
    expect(html).not.toContain('index-1.js');
    expect(html).not.toContain('react-dom-1.js');
    // Not signed in: the header offers Sign In.
    expect(html).toContain('>Sign In</a>');
    expect(html).not.toContain('>Dashboard</a>');
  });

  it('shows the banner and plan prices an admin saved', async () => {
    const admin = await t.createAdmin();
    const put = await t.request('/api/admin/settings', {
      method: 'PUT',
      cookie: admin.cookie,
      json: {
        ...DEFAULT_PLATFORM_SETTINGS,
        bannerEnabled: true,
        bannerText: 'Spring special: two months free',
        proPriceCents: 8900,
      },
    });
    expect(put.status).toBe(200);
    const html = await (await web.request('/', { headers: { cookie: admin.cookie } })).text();
    expect(html).toContain('Spring special: two months free');
    expect(html).toContain('$89');
    // Signed in: Dashboard instead of Sign In.
    expect(html).toContain('>Dashboard</a>');
    expect(html).not.toContain('>Sign In</a>');
  });

  it('static pages and /for-detailers carry their content and the small script', async () => {
    for (const [path, text] of [
      ['/about', 'Our mission'],
      ['/for-detailers', '20-40%'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/demo', '5-minute walkthrough'],
      ['/patent-diagrams', 'Patent diagrams'],
    ] as const) {
      const html = await (await web.request(path)).text();
      expect(html, path).toContain(text);
      expect(html, path).toContain('src="/assets/public-page-1.js"');
      expect(html, path).not.toContain('index-1.js');
    }
  });

  it('/contact is rendered with the support contact and, for ?subject=demo, the demo request', async () => {
    const html = await (await web.request('/contact')).text();
    expect(html).toContain('Get in touch');
    expect(html).toContain(`mailto:${DEFAULT_PLATFORM_SETTINGS.supportEmail}`);
    expect(html).toContain('src="/assets/contact-1.js"');
    expect(html).not.toContain('Schedule a live demo');
    const demo = await (await web.request('/contact?subject=demo&utm=x')).text();
    expect(demo).toContain('value="Schedule a live demo"');
  });

  it("/book/{slug} carries the business's services, its JSON-LD and the island's state", async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, {
      businessName: 'Harbor Shine',
      phone: '(512) 555-0199',
      bookingSlug: 'harbor-shine',
      paymentsEnabledAt: new Date(),
    });
    await createService(t.db, owner.userId, { name: 'Harbor Wash', basePriceCents: 6500 });
    const res = await web.request('/book/harbor-shine');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Harbor Shine</h1>');
    expect(html).toContain('Harbor Wash');
    expect(html).toContain('Select Service');
    expect(html).toContain('src="/assets/book-1.js"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'AutoWash', name: 'Harbor Shine', telephone: '(512) 555-0199' });
    expect(ld.makesOffer[0]).toMatchObject({ price: '65.00', itemOffered: { name: 'Harbor Wash' } });
    const state = JSON.parse(
      /<script type="application\/json" id="book-state">(.*?)<\/script>/.exec(html)![1]!,
    );
    expect(state).toMatchObject({
      business: 'harbor-shine',
      cancelled: false,
      options: { mode: 'business' },
    });
    // The same business by id, and an unknown one: the loading state, left to the island.
    expect(await (await web.request(`/book?business=${owner.userId}`)).text()).toContain('Harbor Wash');
    const unknownRes = await web.request('/book/no-such-business');
    expect(unknownRes.status).toBe(404);
    const unknown = await unknownRes.text();
    expect(unknown).toContain('Loading booking information');
    expect(unknown).not.toContain('application/ld+json');
    // A malformed escape is an unknown business too, not a 500.
    expect((await web.request('/book/%E0%A4%A')).status).toBe(404);
    expect((await web.request('/book?business=no-such-business')).status).toBe(404);
  });

  it('each page has its own title, description, canonical link and Open Graph tags (decision 914)', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of [
      '/',
      '/for-detailers',
      '/about',
      '/contact',
      '/demo',
      '/privacy',
      '/terms',
      '/patent-diagrams',
      '/book',
      '/auth',
    ]) {
      const html = await (await web.request(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(title, path).toBe(PUBLIC_PAGE_META[path]!.title.replace(/'/g, '&#39;'));
      expect(description, path).toBe(PUBLIC_PAGE_META[path]!.description.replace(/'/g, '&#39;'));
      expect(html, path).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
      expect(html, path).toContain(`<meta property="og:title" content="${title}">`);
      expect(html, path).toContain(`<meta property="og:description" content="${description}">`);
      titles.add(title!);
      descriptions.add(description!);
    }
    // Ten pages, ten titles and descriptions; the landing page keeps the site's own.
    expect(titles.size).toBe(10);
    expect(descriptions.size).toBe(10);
    // /auth's is sign-in's, as its form names it (it sets each mode's title as it switches).
    expect(PUBLIC_PAGE_META['/auth']!.title).toBe(AUTH_TEXTS.signin.title);
    expect(PUBLIC_PAGE_META['/']!.title).toBe('ShineRoute — Mobile car detailing, booked in 60 seconds');
    expect(PUBLIC_PAGE_META['/about']!.title).toBe('About us | ShineRoute');
    // The query is not part of the canonical link.
    expect(await (await web.request('/contact?subject=demo')).text()).toContain(
      '<link rel="canonical" href="http://localhost:3000/contact">',
    );
  });

  it("a business's booking page is titled with its name and city", async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, {
      businessName: 'Prairie Gleam',
      businessTagline: 'Ceramic coatings at home',
      bookingSlug: 'prairie-gleam',
    });
    await createServiceArea(t.db, owner.userId, {
      zipCode: '73301',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    let html = await (await web.request('/book/prairie-gleam')).text();
    expect(html).toContain('<title>Book Prairie Gleam in Austin, TX | ShineRoute</title>');
    expect(html).toContain(
      '<meta name="description" content="Book mobile car detailing with Prairie Gleam in Austin, TX: choose a service, a time and your address, and pay securely online. Ceramic coatings at home">',
    );
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/book/prairie-gleam">');
    expect(html).toContain(
      '<meta property="og:title" content="Book Prairie Gleam in Austin, TX | ShineRoute">',
    );
    // Its business page's city comes first.
    await createSeoPage(t.db, {
      slug: 'prairie-gleam-round-rock',
      city: 'Round Rock',
      state: 'TX',
      businessId: owner.userId,
    });
    html = await (await web.request(`/book?business=${owner.userId}&zip=73301`)).text();
    expect(html).toContain('<title>Book Prairie Gleam in Round Rock, TX | ShineRoute</title>');
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/book?business=${owner.userId}">`,
    );
    // An unknown business: the booking page's own.
    expect(await (await web.request('/book/no-such-business')).text()).toContain(
      `<title>${PUBLIC_PAGE_META['/book']!.title}</title>`,
    );
  });

  it("a white-labelled business's /book has its header, footer, icon and title, nothing of ShineRoute (decision 1340)", async () => {
    const owner = await t.signUp({ plan: 'elite' });
    await updateProfile(t.db, owner.userId, { businessName: 'Gulf Gloss', bookingSlug: 'gulf-gloss' });
    await createService(t.db, owner.userId, { name: 'Gulf Wash', basePriceCents: 6500 });
    // Before any branding: ShineRoute's frame and icon.
    let html = await (await web.request('/book/gulf-gloss')).text();
    expect(html).toContain('aria-label="ShineRoute home"');
    expect(html).toContain('href="/favicon.svg"');
    expect(html).toContain('<title>Book Gulf Gloss | ShineRoute</title>');

    const put = await t.request('/api/branding', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { displayName: 'Lone Star Shine', color: '#7c2d12' },
    });
    expect(put.status).toBe(200);
    html = await (await web.request('/book/gulf-gloss')).text();
    const header = /<header data-testid="brand-header"[^>]*>.*?<\/header>/s.exec(html)?.[0] ?? '';
    expect(header).toContain('background-color:#7c2d12;color:#ffffff');
    expect(header).toContain('href="/book/gulf-gloss"');
    expect(header).toContain('Lone Star Shine');
    expect(html).toContain(`© <!-- -->${new Date().getFullYear()}<!-- --> <!-- -->Lone Star Shine`);
    // No logo yet: the icon is the initial on the brand colour; the theme is the brand colour.
    const icon = /<link rel="icon" href="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(decodeURIComponent(icon)).toMatch(
      /^data:image\/svg\+xml,<svg .*fill="#7c2d12".*>L<\/text><\/svg>$/,
    );
    expect(html).toContain('<meta name="theme-color" content="#7c2d12" />');
    expect(html).toContain('<title>Book Lone Star Shine</title>');
    expect(html).toContain('<meta property="og:site_name" content="Lone Star Shine">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld.name).toBe('Lone Star Shine');
    for (const shineRoute of [
      'ShineRoute',
      'favicon.svg',
      'href="/auth"',
      'Start Free Trial',
      'href="/#pricing"',
      'href="/for-detailers"',
    ])
      expect(html).not.toContain(shineRoute);

    // With a logo: the logo is the icon.
    const logo = await t.request('/api/branding/logo', {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        fileName: 'logo.png',
        dataBase64:
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      },
    });
    expect(logo.status).toBe(200);
    html = await (await web.request('/book/gulf-gloss')).text();
    expect(html).toMatch(
      new RegExp(`<link rel="icon" href="/api/public/branding/${owner.userId}/logo\\?v=[^"]+">`),
    );
    expect(html).toMatch(
      new RegExp(
        `<header data-testid="brand-header".*?<img src="/api/public/branding/${owner.userId}/logo`,
        's',
      ),
    );

    // Its footer links to ShineRoute's Privacy and Terms until the business sets its own (decision 1358).
    const footer = () => /<footer data-testid="brand-footer".*?<\/footer>/s.exec(html)?.[0] ?? '';
    expect(footer()).toContain('href="/privacy"');
    expect(footer()).toContain('href="/terms"');
    const legal = await t.request('/api/branding', {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        displayName: 'Lone Star Shine',
        color: '#7c2d12',
        privacyUrl: 'https://lonestarshine.example/privacy',
        termsUrl: 'https://lonestarshine.example/terms',
      },
    });
    expect(legal.status).toBe(200);
    html = await (await web.request('/book/gulf-gloss')).text();
    expect(footer()).toContain('href="https://lonestarshine.example/privacy"');
    expect(footer()).toContain('href="https://lonestarshine.example/terms"');
    expect(footer()).not.toContain('href="/privacy"');

    // Off Elite: ShineRoute's frame again.
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    html = await (await web.request('/book/gulf-gloss')).text();
    expect(html).toContain('aria-label="ShineRoute home"');
    expect(html).not.toContain('brand-header');
    expect(html).not.toContain('Lone Star Shine');
    expect(html).not.toContain('lonestarshine.example');
  });

  it('/book renders the same markup without tailwind-merge (the island joins classes without it, decision 914)', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, {
      businessName: 'Merge Free',
      bookingSlug: 'merge-free',
      paymentsEnabledAt: new Date(),
    });
    await createService(t.db, owner.userId, { name: 'Merge Free Wash', basePriceCents: 5000 });
    await createServiceArea(t.db, owner.userId, {
      zipCode: '78701',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    for (const path of [
      '/book',
      '/book/merge-free',
      '/book?zip=78701',
      '/book?zip=99999',
      '/book/merge-free?cancelled=1',
      '/book/no-such-business',
    ]) {
      const merged = await (await web.request(path)).text();
      setClassMerge((classes) => classes);
      try {
        const joined = await (await web.request(path)).text();
        expect(joined, path).toBe(merged);
      } finally {
        setClassMerge(twMerge);
      }
    }
  });

  it('answers 304 to its ETag and leaves the web app to the other routes', async () => {
    const first = await web.request('/about');
    const again = await web.request('/about', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const app = await (await web.request('/booking-success')).text();
    expect(app).toContain('<div id="root"></div>');
    expect(app).toContain('index-1.js');
  });

  it('/auth is the complete sign-in form with its island for anonymous visitors (docs/decisions/0913)', async () => {
    const res = await web.request('/auth');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('Welcome Back</h1>');
    expect(html).toContain('Sign in to manage your detailing business');
    expect(html).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label><input[^>]*id="email"[^>]*name="email"/);
    expect(html).toMatch(
      /<label[^>]*for="password"[^>]*>Password<\/label><input[^>]*id="password"[^>]*type="password"/,
    );
    expect(html).toContain('autoComplete="current-password"');
    // POST, so a submit before the script runs cannot put the password in the address.
    expect(html).toContain('<form class="grid gap-4" noValidate="" method="post">');
    expect(html).toContain('>Sign In</span></button>');
    expect(html).toContain('Don&#x27;t have an account? <button');
    expect(html).toContain('data-mode="signin"');
    // Sign-up's fields are there for the island to show, hidden.
    expect(html).toMatch(/<div class="grid gap-4 sm:grid-cols-2" data-auth-show="signup" hidden="">/);
    expect(html).toContain('src="/assets/auth-1.js"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('index-1.js');
    expect(html).toContain('>Sign In</a>');
  });

  it('/auth opens in the mode its link asks for: sign-up with a plan, or the reset form for a token', async () => {
    const signUp = await (await web.request('/auth?mode=signup&plan=pro')).text();
    expect(signUp).toContain('Join ShineRoute</h1>');
    expect(signUp).toContain('data-mode="signup"');
    expect(signUp).toContain('data-plan="pro"');
    expect(signUp).toContain('data-testid="chosen-plan"');
    expect(signUp).toContain('>Create Account</span></button>');
    expect(signUp).toMatch(/<div class="grid gap-4 sm:grid-cols-2" data-auth-show="signup">/);
    // An unknown plan is no plan.
    expect(await (await web.request('/auth?mode=signup&plan=gold')).text()).not.toContain('chosen-plan');
    const reset = await (await web.request('/auth?token=secret-reset-token')).text();
    expect(reset).toContain('Choose a new password</h1>');
    expect(reset).toContain('>New password</label>');
    // The token is read by the island from the address; the page neither carries nor caches it.
    expect(reset).not.toContain('secret-reset-token');
  });

  it('a signed-in visitor of /auth gets the web app, which sends them to their dashboard', async () => {
    const owner = await t.signUp();
    const html = await (await web.request('/auth', { headers: { cookie: owner.cookie } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('index-1.js');
    expect(html).not.toContain('auth-1.js');
  });
});
