import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { twMerge } from 'tailwind-merge';
import { setClassMerge } from './lib/class-merge';
import { markFetching } from './lib/fetching-marker';
import { takeToastForThisPage } from './lib/next-page-toast';
import { queryClient } from './lib/query-client';
import { router } from './router';
import './styles.css';

// The shared UI components let a caller's class override theirs (docs/decisions/0914).
setClassMerge(twMerge);
markFetching(queryClient);

/** The toast the page before left for this one (/auth's "Account created!" after it loads the dashboard). */
function ToastFromLastPage() {
  useEffect(() => {
    const kept = takeToastForThisPage();
    if (kept) toast.success(kept.title, { description: kept.description });
  }, []);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster richColors closeButton position="top-center" />
      <ToastFromLastPage />
    </QueryClientProvider>
  </StrictMode>,
);
