import { createHash } from 'node:crypto';
import { type AppliedBranding, brandIconTag } from '../../../../shared/branding';
import { DEMO_SERVICES } from '../../../../shared/constants';
import { escapeHtml as e } from '../../../../shared/html';
import { formatCents } from '../../../../shared/money';
import { OPENING_HOURS, PLATFORM_RATING, PRICE_RANGE, stateName } from '../../../../shared/seo.constants';
import { pageHeadTags } from '../../../providers/content/page-head';
import { sanitizeContent, toPlainText } from '../../../providers/content/sanitize';
import type { PublicPage } from './seo-public.service';

// The public city page, rendered on the server so that it is complete without JavaScript: metadata, Open Graph,
// JSON-LD, breadcrumb, the stored HTML (sanitised again here) and the calls to action. Its CSS is inline: the page
// needs no script and no other request to render.

const CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#0f172a;background:#fff;line-height:1.6;-webkit-text-size-adjust:100%}
a{color:#2563eb}
a:focus-visible,.btn:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.top{border-bottom:1px solid #e2e8f0;background:#fff}
.top .wrap{display:flex;align-items:center;justify-content:space-between;height:4rem}
.logo{display:flex;align-items:center;gap:.5rem;font-weight:800;font-size:1.15rem;color:#0f172a;text-decoration:none}
.logo svg{width:2rem;height:2rem}
.top nav{display:flex;gap:1rem;align-items:center;font-size:.9rem;font-weight:600}
.top nav a{color:#334155;text-decoration:none}
.top nav a.book{background:#2563eb;color:#fff;padding:.45rem .9rem;border-radius:.5rem}
.hero{background:#0f172a;color:#fff;padding:2rem 0 2.5rem}
.crumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.35rem;margin:0 0 1rem;padding:0;font-size:.85rem;color:#cbd5e1}
.crumbs li+li::before{content:"›";margin-right:.35rem;color:#94a3b8}
.crumbs a{color:#e2e8f0}
h1{font-size:clamp(1.75rem,4vw,2.75rem);line-height:1.15;margin:0 0 .75rem;letter-spacing:-.02em}
.serving{margin:0;font-size:1.05rem;color:#e2e8f0;font-weight:600}
.tagline{margin:.25rem 0 0;color:#cbd5e1}
.rating{margin:.5rem 0 0;color:#fde68a;font-weight:600}
.rating .stars{letter-spacing:.1em;margin-right:.35rem}
.ctas{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:3rem;padding:0 1.4rem;border-radius:.6rem;font-weight:700;text-decoration:none;font-size:1rem}
.btn.primary{background:#2563eb;color:#fff}
.btn.primary:hover{background:#1d4ed8}
.btn.ghost{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
.content{padding:2rem 1rem;max-width:48rem}
.content section{margin-bottom:2rem}
.content h2{font-size:1.45rem;line-height:1.25;margin:0 0 .75rem;letter-spacing:-.01em}
.content h3{font-size:1.05rem;margin:1.25rem 0 .35rem}
.content p,.content li{color:#334155}
.content ul,.content ol{padding-left:1.25rem}
.content li{margin:.35rem 0}
.content table{width:100%;border-collapse:collapse;font-size:.95rem;margin-top:.5rem}
.content th,.content td{text-align:left;padding:.6rem .5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
.content td:nth-child(n+2),.content th:nth-child(n+2){white-space:nowrap;text-align:right;font-variant-numeric:tabular-nums}
.why{padding:2.5rem 1rem;border-top:1px solid #e2e8f0}
.work{padding:2.5rem 1rem;border-top:1px solid #e2e8f0}
.work h2{font-size:1.6rem;margin:0 0 1.25rem}
.work-grid{list-style:none;padding:0;margin:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))}
.work-grid img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.5rem}
.why h2{font-size:1.6rem;margin:0 0 1.25rem}
.why ul{list-style:none;padding:0;margin:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}
.why li{border:1px solid #e2e8f0;border-radius:.75rem;padding:1.1rem}
.why strong{display:block;margin-bottom:.25rem}
.why p{margin:0;color:#475569;font-size:.95rem}
.band{background:#eff6ff;padding:2.5rem 0}
.band h2{margin:0;font-size:1.5rem}
footer{background:#0f172a;color:#94a3b8;font-size:.875rem;padding:2rem 0}
footer nav{display:flex;flex-wrap:wrap;gap:1rem;margin-bottom:.75rem}
footer a{color:#cbd5e1;text-decoration:none}
.notfound{min-height:60vh;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;gap:1rem;padding:3rem 1rem}
.notfound .code{font-size:4.5rem;font-weight:800;margin:0;color:#0f172a}
.notfound h1{font-size:1.25rem;color:#475569;font-weight:500;margin:0}
.wl{background:#fff;color:#0f172a;border-radius:.75rem;padding:1.25rem;margin-top:1.5rem;max-width:32rem}
.wl h2{font-size:1.2rem;margin:0 0 .25rem}
.wl p{margin:0 0 .75rem;color:#475569;font-size:.95rem}
.wl .fields{display:grid;gap:.75rem;grid-template-columns:1fr}
.wl label{display:block;font-size:.875rem;font-weight:600;margin-bottom:.25rem}
.wl input{width:100%;min-height:2.75rem;padding:0 .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit}
.wl .btn{margin-top:1rem;width:100%;border:0;cursor:pointer}
.wl .err{color:#b91c1c;font-weight:600}
@media (min-width:40rem){.wl .fields{grid-template-columns:2fr 1fr}}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem}.skip:focus{left:1rem}
@media (max-width:40rem){.top nav a.signin{display:none}.ctas .btn{flex:1 1 100%}}
`.replace(/\n/g, '');

/** JSON for a <script type="application/ld+json"> block: nothing in it can close the script element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;

// The web app's logo mark (src/web/components/layout/logo.tsx), inline so the page needs no other request.
const LOGO_MARK =
  '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0f172a"/><path d="M7 19c2-5 5-8 9-8s7 3 9 8" stroke="#60a5fa" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle cx="11" cy="21" r="2.5" fill="#fff"/><circle cx="21" cy="21" r="2.5" fill="#fff"/><path d="M22 6l1 2 2 1-2 1-1 2-1-2-2-1 2-1z" fill="#facc15"/></svg>';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A white-labelled business's page (decision 1318): its own name, logo and colour in place of ShineRoute's. */
export interface PageBrand {
  name: string;
  branding: AppliedBranding;
  bookHref: string;
}

function shell(opts: {
  head: string;
  body: string;
  bookHref?: string;
  bookLabel?: string;
  brand?: PageBrand;
}) {
  const b = opts.brand;
  const bookLink = `<a class="book" href="${e(opts.bookHref ?? '/book')}">${e(opts.bookLabel ?? 'Book Now')}</a>`;
  // The business's header: its logo (or nothing) and name on its colour, linking to its booking page; no Sign In.
  const header = b
    ? `<header class="top"${b.branding.color ? ` style="background:${e(b.branding.color)};color:${e(b.branding.textColor ?? '#0f172a')}"` : ''}><div class="wrap"><a class="logo" href="${e(b.bookHref)}"${b.branding.color ? ` style="color:inherit"` : ''}>${b.branding.logoUrl ? `<img src="${e(b.branding.logoUrl)}" alt="" height="32" style="height:32px;width:auto">` : ''}${e(b.name)}</a><nav aria-label="Main">${bookLink}</nav></div></header>`
    : `<header class="top"><div class="wrap"><a class="logo" href="/" aria-label="ShineRoute home">${LOGO_MARK}ShineRoute</a><nav aria-label="Main"><a class="signin" href="/auth">Sign In</a>${bookLink}</nav></div></header>`;
  const footer = b
    ? `<footer><div class="wrap"><nav aria-label="Footer"><a href="${e(b.branding.privacyUrl || '/privacy')}">Privacy</a><a href="${e(b.branding.termsUrl || '/terms')}">Terms</a></nav><p>© ${new Date().getFullYear()} ${e(b.name)}</p></div></footer>`
    : `<footer><div class="wrap"><nav aria-label="Footer"><a href="/">Home</a><a href="/about">About</a><a href="/contact">Contact</a><a href="/for-detailers">For Detailers</a><a href="/privacy">Privacy</a><a href="/terms">Terms</a></nav><p>© ${new Date().getFullYear()} ShineRoute. Mobile car detailing that comes to you.</p></div></footer>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${b ? brandIconTag(b.branding) : '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'}<style>${CSS}</style>${opts.head}</head><body><a href="#main" class="skip">Skip to content</a>${header}<main id="main">${opts.body}</main>${footer}</body></html>`;
}

const WHY_DEFAULT = [
  ['We come to you', 'Your driveway, office or apartment garage: no drive, no waiting room.'],
  ['Vetted, insured detailers', 'Professionals with the right products and the care your car deserves.'],
  ['Clear prices', 'See the price before you book; pay securely online.'],
  ['Book in 60 seconds', 'Choose a service and a time from any phone, day or night.'],
] as const;

export interface RenderedPage {
  html: string;
  etag: string;
}

export function renderSeoPage(
  page: PublicPage,
  opts: { publicUrl: string; platformPhone: string },
): RenderedPage {
  if (page.coverage && !page.coverage.served) return renderUnservedPage(page, opts);
  const url = `${opts.publicUrl.replace(/\/+$/, '')}/seo/${page.slug}`;
  const brand = page.business?.name ?? 'ShineRoute';
  const description =
    toPlainText(page.metaDescription ?? '') || `${page.pageTitle}. Book mobile car detailing online.`;
  const phone = page.business?.phone?.trim() || opts.platformPhone;
  // `from` names this page as the booking's landing page (the admin analytics; the site sends no Referer).
  const from = `from=${encodeURIComponent(`/seo/${page.slug}`)}`;
  // The business's readable booking link (issue 16); the old ?business= link only when no slug could be made.
  const bookHref = page.business
    ? page.business.bookingSlug
      ? `/book/${encodeURIComponent(page.business.bookingSlug)}?${from}`
      : `/book?business=${encodeURIComponent(page.business.id)}&${from}`
    : `/book?${from}`;
  const place = `${page.city}, ${page.state}`;
  const rating = page.business
    ? page.business.rating
    : { average: PLATFORM_RATING.value, count: PLATFORM_RATING.count };

  const business: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'AutoWash',
    '@id': `${url}#business`,
    name: page.business ? brand : `ShineRoute Mobile Detailing ${page.city}`,
    description,
    url,
    telephone: phone,
    priceRange: PRICE_RANGE,
    openingHours: OPENING_HOURS,
    address: {
      '@type': 'PostalAddress',
      addressLocality: page.city,
      addressRegion: page.state,
      addressCountry: 'US',
    },
    areaServed: { '@type': 'City', name: `${page.city}, ${stateName(page.state)}` },
  };
  // Ratings in structured data come only from a business's real testimonials (docs/decisions/0303).
  if (page.business?.rating) {
    business.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: page.business.rating.average,
      reviewCount: page.business.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  const breadcrumb = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      // A white-labelled business's page starts from its own booking page, not ShineRoute's home (decision 1318).
      page.business?.branding
        ? {
            '@type': 'ListItem',
            position: 1,
            name: brand,
            item: `${opts.publicUrl.replace(/\/+$/, '')}${bookHref}`,
          }
        : { '@type': 'ListItem', position: 1, name: 'Home', item: `${opts.publicUrl.replace(/\/+$/, '')}/` },
      { '@type': 'ListItem', position: 2, name: page.pageTitle, item: url },
    ],
  };
  const faq = page.faq
    .map((f) => ({ question: toPlainText(f.question), answer: toPlainText(f.answer) }))
    .filter((f) => f.question && f.answer);
  const faqLd =
    faq.length > 0
      ? jsonLd({
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: faq.map((f) => ({
            '@type': 'Question',
            name: f.question,
            acceptedAnswer: { '@type': 'Answer', text: f.answer },
          })),
        })
      : '';

  // A generated business page already names its business (docs/decisions/0203): no "| Name" twice.
  const title = page.pageTitle.includes(brand) ? page.pageTitle : `${page.pageTitle} | ${brand}`;
  const head = [
    ...pageHeadTags({ title, description, url, ...(page.business?.branding ? { siteName: brand } : {}) }),
    // An unverified business's pages stay out of search until it is verified (hardening defect 8).
    page.business && !page.business.verified
      ? '<meta name="robots" content="noindex, follow">'
      : '<meta name="robots" content="index, follow">',
    jsonLd(business),
    jsonLd(breadcrumb),
    faqLd,
  ].join('');

  const ratingText = rating
    ? `<p class="rating"><span class="stars" aria-hidden="true">★★★★★</span>${rating.average.toFixed(1)} from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}</p>`
    : '';
  const ctas = `<div class="ctas"><a class="btn primary" href="${e(bookHref)}">Book Now</a><a class="btn ghost" href="${e(telHref(phone))}">Call ${e(phone)}</a></div>`;
  const whyItems =
    page.business && page.business.guarantees.length + page.business.specialties.length >= 2
      ? [...page.business.guarantees, ...page.business.specialties].slice(0, 4).map((t) => [t, ''] as const)
      : WHY_DEFAULT;
  const body = [
    '<div class="hero"><div class="wrap">',
    `<nav aria-label="Breadcrumb" class="crumbs"><ol><li>${page.business?.branding ? `<a href="${e(bookHref)}">${e(brand)}</a>` : '<a href="/">Home</a>'}</li><li aria-current="page">${e(page.pageTitle)}</li></ol></nav>`,
    `<h1>${e(page.pageTitle)}</h1>`,
    `<p class="serving">Serving ${e(place)}</p>`,
    page.business?.tagline ? `<p class="tagline">${e(page.business.tagline)}</p>` : '',
    ratingText,
    ctas,
    '</div></div>',
    `<article class="wrap content">${sanitizeContent(page.content)}</article>`,
    ourWork(page.business?.featuredPhotos ?? []),
    `<section class="wrap why" aria-labelledby="why"><h2 id="why">Why Choose ${e(brand)}?</h2><ul>${whyItems
      .map(([t, d]) => `<li><strong>${e(t)}</strong>${d ? `<p>${e(d)}</p>` : ''}</li>`)
      .join('')}</ul></section>`,
    `<section class="band"><div class="wrap"><h2>Ready for a spotless car in ${e(page.city)}?</h2>${ctas}</div></section>`,
  ].join('');

  const branding = page.business?.branding;
  const html = shell({
    head,
    body,
    bookHref,
    ...(branding ? { brand: { name: brand, branding, bookHref } } : {}),
  });
  return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
}

/** "Our work": the before/after photos the business features, shown with the customers' consent (decision 1244). */
function ourWork(photos: Array<{ thumbUrl: string; alt: string }>) {
  if (photos.length === 0) return '';
  const items = photos
    .map(
      (p) =>
        `<li><img src="${e(p.thumbUrl)}" alt="${e(p.alt)}" width="320" height="240" loading="lazy" decoding="async"></li>`,
    )
    .join('');
  return `<section class="wrap work" aria-labelledby="work"><h2 id="work">Our work</h2><ul class="work-grid">${items}</ul></section>`;
}

/** The waitlist form of a page nobody serves: a plain form post, so it works without script (the page has none). */
function waitlistForm(
  page: Pick<PublicPage, 'slug' | 'city'>,
  values: { email?: string; zip?: string | null; error?: string },
) {
  return `<form class="wl" id="waitlist" method="post" action="/seo/${e(page.slug)}/waitlist"><h2>Join the waitlist for ${e(page.city)}</h2><p>We'll email you the day a detailer serves your zip code. No payment, nothing to book until then.</p>${
    values.error ? `<p class="err" role="alert">${e(values.error)}</p>` : ''
  }<div class="fields"><div><label for="wl-email">Email</label><input id="wl-email" name="email" type="email" autocomplete="email" required value="${e(values.email ?? '')}"></div><div><label for="wl-zip">Zip code</label><input id="wl-zip" name="zip_code" inputmode="numeric" pattern="[0-9]{5}" maxlength="5" autocomplete="postal-code" required value="${e(values.zip ?? '')}"></div></div><button class="btn primary" type="submit">Join Waitlist</button></form>`;
}

/**
 * A platform page whose area no active business serves (docs/decisions/0950): it never claims coverage. No stored
 * copy (generated to sell a service, it may say "our detailers cover…"), no phone, no booking link, no business in
 * the structured data; the waitlist instead, and typical prices so the page still answers what detailing costs.
 */
function renderUnservedPage(page: PublicPage, opts: { publicUrl: string }): RenderedPage {
  const url = `${opts.publicUrl.replace(/\/+$/, '')}/seo/${page.slug}`;
  const place = `${page.city}, ${page.state}`;
  const description = `Mobile car detailing is coming to ${place}. Join the ShineRoute waitlist to hear when a detailer serves your area.`;
  const breadcrumb = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${opts.publicUrl.replace(/\/+$/, '')}/` },
      { '@type': 'ListItem', position: 2, name: page.pageTitle, item: url },
    ],
  };
  const title = `${page.pageTitle} | ShineRoute`;
  const head = [
    ...pageHeadTags({ title, description, url }),
    '<meta name="robots" content="index, follow">',
    jsonLd(breadcrumb),
  ].join('');
  const prices = DEMO_SERVICES.map(
    (s) =>
      `<tr><td>${e(s.name)}</td><td>${formatCents(s.basePriceCents)}</td><td>${Math.round(s.durationMinutes / 6) / 10} h</td></tr>`,
  ).join('');
  const body = [
    '<div class="hero"><div class="wrap">',
    `<nav aria-label="Breadcrumb" class="crumbs"><ol><li><a href="/">Home</a></li><li aria-current="page">${e(page.pageTitle)}</li></ol></nav>`,
    `<h1>${e(page.pageTitle)}</h1>`,
    `<p class="serving">Coming soon to ${e(place)}</p>`,
    `<p class="tagline">No detailer on ShineRoute serves ${e(page.city)} yet.</p>`,
    waitlistForm(page, { zip: page.coverage?.waitlistZip }),
    '</div></div>',
    `<section class="wrap content" aria-labelledby="prices"><h2 id="prices">What mobile detailing usually costs</h2><p>Typical prices for a standard sedan on ShineRoute; larger vehicles are priced by size, and each detailer sets their own prices.</p><table><thead><tr><th scope="col">Service</th><th scope="col">Price</th><th scope="col">Time</th></tr></thead><tbody>${prices}</tbody></table></section>`,
    `<section class="band"><div class="wrap"><h2>Do you detail cars in ${e(page.city)}?</h2><p>Join ShineRoute and be the first detailer customers here can book.</p><div class="ctas"><a class="btn primary" href="/for-detailers">Join as Detailer</a></div></div></section>`,
  ].join('');
  const html = shell({ head, body, bookHref: '#waitlist', bookLabel: 'Join Waitlist' });
  return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
}

/** The answer to the waitlist form: "You're on the list!", or the form again with what to fix. */
export function renderWaitlistAnswer(
  page: Pick<PublicPage, 'slug' | 'city' | 'pageTitle'>,
  result: { joined: true; zip: string } | { joined: false; email: string; zip: string; error: string },
): string {
  const head = `<title>${e(result.joined ? "You're on the list!" : page.pageTitle)} | ShineRoute</title><meta name="robots" content="noindex">`;
  const body = result.joined
    ? `<div class="hero"><div class="wrap"><h1>You're on the list!</h1><p class="tagline">We'll email you when a detailer serves ${e(result.zip)}.</p><div class="ctas"><a class="btn ghost" href="/seo/${e(page.slug)}">Back to ${e(page.pageTitle)}</a></div></div></div>`
    : `<div class="hero"><div class="wrap"><h1>${e(page.pageTitle)}</h1>${waitlistForm(page, { email: result.email, zip: result.zip, error: result.error })}</div></div>`;
  return shell({
    head,
    body,
    bookHref: result.joined ? '/' : '#waitlist',
    bookLabel: result.joined ? 'Home' : 'Join Waitlist',
  });
}

export function renderNotFoundPage(): string {
  return shell({
    head: '<title>Page not found | ShineRoute</title><meta name="robots" content="noindex">',
    body: '<div class="notfound"><p class="code">404</p><h1>Oops! Page not found</h1><a class="btn primary" href="/">Return to Home</a></div>',
  });
}
