// The page a customer came to /book from, recorded on the checkout for the platform analytics: the `from` parameter
// the SEO pages put on their Book links (the site sends no Referer), else a same-site referrer outside the booking
// flow. The server keeps only a plain same-site path.

const FLOW = /^\/(book|checkout|booking-success)(\/|$)/;

export function landingPathOf(search: string, referrer: string, origin: string): string | null {
  const from = new URLSearchParams(search).get('from');
  if (from && /^\/(?!\/)/.test(from) && !FLOW.test(from)) return from.slice(0, 300);
  try {
    const ref = referrer ? new URL(referrer) : null;
    if (ref && ref.origin === origin && !FLOW.test(ref.pathname)) return ref.pathname.slice(0, 300);
  } catch {
    // not a URL: no landing page
  }
  return null;
}
