// Each public page's own <title> and meta description (decision 914). The server writes them into the pages it
// renders (with a canonical link and Open Graph tags, as /seo/{slug} does); the web app sets document.title from
// the same table when it navigates to these pages (`useDocumentTitle`).

export interface PageMeta {
  title: string;
  description: string;
}

const BRAND = 'ShineRoute';

/** The built index.html's title and description: every page not named below (the owner and admin screens). */
export const DEFAULT_PAGE_META: PageMeta = {
  title: 'ShineRoute — Mobile car detailing, booked in 60 seconds',
  description:
    'ShineRoute: book mobile car detailing at your door, and run your detailing business from one app.',
};

export const PUBLIC_PAGE_META: Record<string, PageMeta> = {
  '/': DEFAULT_PAGE_META,
  '/for-detailers': {
    title: `For detailers: grow your detailing business | ${BRAND}`,
    description:
      'Join 500+ detailers on ShineRoute: customers book and pay online, you get verified within 24 hours and earn 20-40% more, with an average of $75+ per job.',
  },
  '/about': {
    title: `About us | ${BRAND}`,
    description:
      "ShineRoute's mission, values (Customer First, Simplicity, Excellence) and story: mobile car detailing made simple for customers and detailers.",
  },
  '/contact': {
    title: `Contact us | ${BRAND}`,
    description:
      'Write to ShineRoute, email support or call us Monday to Friday, 9am to 6pm CST. Our office is in Austin, TX.',
  },
  '/demo': {
    title: `Product demo | ${BRAND}`,
    description:
      'A 5-minute walkthrough of ShineRoute: online booking, scheduling, customers and payments for mobile detailers.',
  },
  '/privacy': {
    title: `Privacy Policy | ${BRAND}`,
    description: 'How ShineRoute collects, uses and protects your personal information.',
  },
  '/terms': {
    title: `Terms of Service | ${BRAND}`,
    description:
      'The terms that apply when you use ShineRoute to book mobile car detailing or to run a detailing business.',
  },
  '/patent-diagrams': {
    title: `Patent diagrams | ${BRAND}`,
    description:
      'How ShineRoute fits together: the apps customers, owners and technicians use, the services behind them, and where payments and data go.',
  },
  // Sign-in's; the auth form sets each mode's title as it switches (AUTH_TEXTS in src/web/islands/auth-form.ts).
  '/auth': {
    title: `Sign in | ${BRAND}`,
    description:
      'Sign in to manage your detailing business on ShineRoute, or start a 14-day free trial with no credit card required.',
  },
  '/book': {
    title: `Book mobile car detailing | ${BRAND}`,
    description:
      'Choose a service, your vehicle, a time and your address, and book mobile car detailing at your door in 60 seconds.',
  },
};

/**
 * The page of a business's booking link (/book/{slug}, /book?business=): its name and, when known, its city. A
 * white-labelled business's page (its display name given) names only it, not ShineRoute (decision 1340).
 */
export function businessBookMeta(
  business: { name: string | null; tagline?: string | null },
  place: string | null,
  brandName?: string,
): PageMeta {
  const name = brandName?.trim() || business.name?.trim() || 'Mobile detailer';
  const where = place ? ` in ${place}` : '';
  return {
    title: brandName ? `Book ${name}${where}` : `Book ${name}${where} | ${BRAND}`,
    description:
      `Book mobile car detailing with ${name}${where}: choose a service, a time and your address, and pay securely online.` +
      (business.tagline?.trim() ? ` ${business.tagline.trim()}` : ''),
  };
}

/**
 * The title the web app shows for a path: the public pages' own, the default for the rest; none for /auth, which
 * sets its own.
 */
export function titleOfPath(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '/auth') return null;
  if (trimmed.startsWith('/book/')) return PUBLIC_PAGE_META['/book']!.title;
  return (PUBLIC_PAGE_META[trimmed] ?? DEFAULT_PAGE_META).title;
}
