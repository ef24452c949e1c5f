import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFieldJobs } from '../features/field/field-data';
import { fieldQueryClient } from '../features/field/field-query-client';
import { FieldApp } from '../features/field/field-shell';
import '../styles.css';

// The technician's installable app (issue 26): an entry of its own, not the owner app's bundle — React, TanStack
// Query, Dexie and its screens, ≤ 120 KB gzipped on first load (docs/decisions/1175). The server sends this page for
// every /field path; the service worker precaches it with its chunks.

prefetchFieldJobs(fieldQueryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={fieldQueryClient}>
      <FieldApp />
    </QueryClientProvider>
  </StrictMode>,
);
