import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { twMerge } from 'tailwind-merge';
import { setClassMerge } from './lib/class-merge';
import { queryClient } from './lib/query-client';
import { router } from './router';
import './styles.css';

// The shared UI components let a caller's class override theirs (docs/decisions/914).
setClassMerge(twMerge);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster richColors closeButton position="top-center" />
    </QueryClientProvider>
  </StrictMode>,
);
