// A toast for the page a full navigation leads to: /auth's server-rendered form leaves by loading the next page, and
// its "Account created!" toast is shown there (docs/decisions/0913). One toast, kept in sessionStorage until shown.

const KEY = 'shineroute:next-page-toast';

export interface NextPageToast {
  title: string;
  description: string;
}

export function keepToastForNextPage(toast: NextPageToast) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast));
  } catch {
    // Storage unavailable (private mode quotas): the next page shows no toast.
  }
}

/** The toast a previous page left for this one, once (it is removed as it is read). */
export function takeToastForThisPage(): NextPageToast | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (!kept) return null;
    sessionStorage.removeItem(KEY);
    const toast = JSON.parse(kept) as Partial<NextPageToast>;
    return typeof toast.title === 'string' && typeof toast.description === 'string'
      ? { title: toast.title, description: toast.description }
      : null;
  } catch {
    return null;
  }
}
