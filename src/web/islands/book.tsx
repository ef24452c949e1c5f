import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { BookScreen } from '../features/booking/book-screen';
import { bookingOptionsQuery } from '../features/booking/booking-queries';
import { queryClient } from '../lib/query-client';
import { BOOK_ISLAND_ID, BOOK_STATE_ID, type BookIslandState } from './book-state';
import { mountHeaderMenu } from './header-menu';

// /book's script (docs/decisions/911): the booking form hydrated from the server's markup and the options it was
// rendered with, without React Router; the header menu as on every public page.
mountHeaderMenu();

const state = JSON.parse(document.getElementById(BOOK_STATE_ID)?.textContent ?? 'null') as BookIslandState;
const { business, zip } = state;
if (state.options) queryClient.setQueryData(bookingOptionsQuery({ business, zip }).queryKey, state.options);

/** Choosing a detailer is a new page: /book?business=… rendered by the server, the zip kept. */
const chooseBusiness = (id: string) => {
  const url = new URL(window.location.href);
  url.searchParams.set('business', id);
  window.location.assign(url);
};

hydrateRoot(
  document.getElementById(BOOK_ISLAND_ID)!,
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BookScreen
        business={business}
        zip={zip}
        cancelled={state.cancelled}
        chooseBusiness={chooseBusiness}
        go={(path) => window.location.assign(path)}
      />
    </QueryClientProvider>
  </StrictMode>,
);

const toasts = document.createElement('div');
document.body.append(toasts);
createRoot(toasts).render(<Toaster richColors closeButton position="top-center" />);
