import type { Toaster } from './zip-checker';

/**
 * Toasts for server-rendered pages without React: the spec's title and description, top centre, closable, gone after
 * four seconds — the look of the web app's sonner toasts (rich colours) in a few hundred bytes.
 */
function show(kind: 'error' | 'success', title: string, { description }: { description: string }) {
  let host = document.getElementById('mini-toasts');
  if (!host) {
    host = document.createElement('section');
    host.id = 'mini-toasts';
    host.setAttribute('aria-label', 'Notifications');
    host.className = 'pointer-events-none fixed inset-x-0 top-6 z-50 flex flex-col items-center gap-2 px-4';
    document.body.append(host);
  }
  const item = document.createElement('div');
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  item.className = `pointer-events-auto relative w-full max-w-sm rounded-lg border p-4 pr-9 text-sm shadow-lg ${
    kind === 'error' ? 'border-red-200 bg-red-50 text-red-700' : 'border-green-200 bg-green-50 text-green-700'
  }`;
  const heading = document.createElement('p');
  heading.className = 'font-semibold';
  heading.textContent = title;
  const text = document.createElement('p');
  text.textContent = description;
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close toast');
  close.className =
    'absolute right-2 top-2 rounded px-1.5 text-base leading-none opacity-70 hover:opacity-100';
  close.textContent = '×';
  close.onclick = () => item.remove();
  item.append(heading, text, close);
  host.append(item);
  setTimeout(() => item.remove(), 4000);
}

export const miniToast: Toaster = {
  error: (title, options) => show('error', title, options),
  success: (title, options) => show('success', title, options),
};
