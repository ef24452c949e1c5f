import { startFieldReads } from '../api/field';
import { fieldRange } from '../features/field/field-range';
import '../styles.css';

// The technician's installable app (issue 26): an entry of its own, not the owner app's bundle — React, TanStack
// Query, Dexie and its screens, ≤ 120 KB gzipped on first load (docs/decisions/1175). The server sends this page for
// every /field path; the service worker precaches it with its chunks.
//
// This entry is small on purpose (docs/decisions/1330): it asks for Today's reads at once, then runs the app, whose
// chunks the page already preloads; the reads travel while that code downloads and runs. The app's code runs in
// steps, each its own task with the page free in between (React and its renderer, Dexie, then TanStack Query and the
// screens): one long task on a phone's slow CPU would keep the page from answering a tap.

const { from, to } = fieldRange();
startFieldReads(from, to);

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('dexie'))
  .then(nextTask)
  .then(() => import('./start'));
