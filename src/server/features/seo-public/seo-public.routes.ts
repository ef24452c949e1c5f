import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sanitizeHtml from 'sanitize-html';
import { citySeoPages, profiles } from '../../db/schema';
import type { AppEnv } from '../../http/context';

// A minimal server-rendered /seo/{slug} (title, heading, "Serving {city}, {state}", sanitised content) so
// generated business pages can be read before the SEO issue's full renderer lands; the integrator merges
// this into that renderer (docs/decisions/204).

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const CONTENT_SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'section', 'figure', 'figcaption'],
  allowedAttributes: { a: ['href', 'rel'], span: ['aria-label'], '*': ['class'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};

const STYLE = `body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;line-height:1.6}
header{background:#0f172a;color:#fff;padding:1rem}header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:48rem;margin:0 auto;padding:2rem 1rem}h1{font-size:2rem;line-height:1.2;margin:0 0 .5rem}
.serving{color:#475569;margin:0 0 1.5rem}h2{font-size:1.25rem;margin-top:2rem}blockquote{margin:0;font-style:italic}
figure{margin:1rem 0;padding:1rem;border:1px solid #e2e8f0;border-radius:.75rem}a{color:#2563eb}
.cta{display:inline-block;margin-top:2rem;background:#2563eb;color:#fff;padding:.75rem 1.25rem;border-radius:.5rem;text-decoration:none;font-weight:600}`;

function notFoundPage() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found | ShineRoute</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main><h1>Oops! Page not found</h1><p><a href="/">Return to Home</a></p></main></body></html>`;
}

export const seoPublicRoutes = new Hono<AppEnv>().get('/:slug', async (c) => {
  const { db, publicUrl } = c.var.deps;
  const slug = c.req.param('slug');
  const [page] = await db
    .select({
      pageTitle: citySeoPages.pageTitle,
      metaDescription: citySeoPages.metaDescription,
      city: citySeoPages.city,
      state: citySeoPages.state,
      content: citySeoPages.content,
      businessId: citySeoPages.businessId,
      phone: profiles.phone,
    })
    .from(citySeoPages)
    .leftJoin(profiles, eq(profiles.id, citySeoPages.businessId))
    .where(and(eq(citySeoPages.slug, slug), eq(citySeoPages.status, 'complete')));
  if (!page) {
    console.warn(`404 GET /seo/${slug}`);
    return c.html(notFoundPage(), 404);
  }
  const title = escapeHtml(page.pageTitle);
  const description = escapeHtml(page.metaDescription ?? '');
  const canonical = escapeHtml(`${publicUrl}/seo/${slug}`);
  const book = page.businessId ? `/book?business=${encodeURIComponent(page.businessId)}` : '/book';
  const call = page.phone
    ? ` <a class="cta" href="tel:${escapeHtml(page.phone.replace(/[^\d+]/g, ''))}">Call ${escapeHtml(page.phone)}</a>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="description" content="${description}"><link rel="canonical" href="${canonical}">
<meta property="og:title" content="${title}"><meta property="og:description" content="${description}"><meta property="og:type" content="website"><meta property="og:url" content="${canonical}">
<style>${STYLE}</style></head><body><header><a href="/">ShineRoute</a></header><main>
<h1>${title}</h1><p class="serving">Serving ${escapeHtml(page.city)}, ${escapeHtml(page.state)}</p>
<article>${sanitizeHtml(page.content ?? '', CONTENT_SANITIZE)}</article>
<p><a class="cta" href="${escapeHtml(book)}">Book Now</a>${call}</p></main></body></html>`;
  c.header('Cache-Control', 'public, max-age=300');
  return c.html(html, 200);
});
