import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { titleOfPath } from '../../shared/page-meta';

/**
 * Sets the tab's title on every navigation of the web app: the public pages' own titles (the ones the server writes
 * into their HTML, decision 914), the default for the rest. /auth sets its own.
 */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = titleOfPath(pathname);
    if (title) document.title = title;
  }, [pathname]);
}
