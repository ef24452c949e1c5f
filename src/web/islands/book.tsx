import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BookScreen } from '../features/bookings/book/book-screen';
import { mountToasterOnFirstToast } from '../lib/lazy-toast';
import { BOOK_ISLAND_ID, BOOK_STATE_ID, type BookIslandState } from './book-state';
import { mountHeaderMenu } from './header-menu';

// /book's script (docs/decisions/0911, 912): the booking form hydrated from the server's markup and the options it was
// rendered with, without React Router or TanStack Query; the header menu as on every public page. sonner and the
// Radix Select load on first use.
mountHeaderMenu();

const state = JSON.parse(document.getElementById(BOOK_STATE_ID)?.textContent ?? 'null') as BookIslandState;

/** Choosing a detailer is a new page: /book?business=… rendered by the server, the zip kept. */
const chooseBusiness = (id: string) => {
  const url = new URL(window.location.href);
  url.searchParams.set('business', id);
  window.location.assign(url);
};

hydrateRoot(
  document.getElementById(BOOK_ISLAND_ID)!,
  <StrictMode>
    <BookScreen
      business={state.business}
      location={state.location}
      zip={state.zip}
      cancelled={state.cancelled}
      initialOptions={state.options}
      chooseBusiness={chooseBusiness}
      go={(path) => window.location.assign(path)}
      framed={Boolean(state.options?.business?.branding)}
    />
  </StrictMode>,
);

mountToasterOnFirstToast(({ Toaster }) => {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<Toaster richColors closeButton position="top-center" />);
});
