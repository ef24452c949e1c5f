import { escapeHtml as e } from '../../../shared/html';

/**
 * A page's own head tags: title, description, canonical link, Open Graph and Twitter card. /seo/{slug} and the
 * server-rendered public pages (decision 914) write them the same way.
 */
export function pageHeadTags({
  title,
  description,
  url,
  siteName = 'ShineRoute',
}: {
  title: string;
  description: string;
  url: string;
  /** A white-labelled business's pages name it (decision 1340). */
  siteName?: string;
}): string[] {
  return [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${e(siteName)}">`,
    '<meta property="og:locale" content="en_US">',
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
  ];
}
