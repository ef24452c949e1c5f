import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFieldJobs } from '../features/field/field-data';
import { fieldQueryClient } from '../features/field/field-query-client';
import { matchFieldRoute } from '../features/field/field-router';
import { FieldApp } from '../features/field/field-shell';
import { markFetching } from '../lib/fetching-marker';

// The field app itself, loaded by its entry (./main.tsx). Until it renders, the page shows its static shell
// (field/index.html).

/** How long the first render waits for Today's reads: a slow network gets the skeleton, as before, not a blank wait. */
const FIRST_RENDER_WAIT_MS = 1000;

markFetching(fieldQueryClient);
const reads = prefetchFieldJobs(fieldQueryClient);
const screen = matchFieldRoute(window.location.pathname.replace(/(.)\/+$/, '$1')).screen;
const listed = screen === 'today' || screen === 'tomorrow' || screen === 'week';

/**
 * The first render runs as a transition: React renders it in slices, giving the page back between them, instead of
 * one long task on a phone's slow CPU (the static shell is on screen meanwhile).
 */
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={fieldQueryClient}>
          <FieldApp />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// A day's list is drawn once, with its jobs (one task instead of a skeleton and a redraw per read).
if (listed)
  void Promise.race([reads, new Promise((done) => setTimeout(done, FIRST_RENDER_WAIT_MS))]).then(render);
else render();
