import { keepToastForNextPage } from '../lib/next-page-toast';
import { type AuthBackend, type AuthResult, mountAuthForm } from './auth-form';
import { mountHeaderMenu } from './header-menu';
import { miniToast } from './mini-toast';

// /auth's script: the header menu and the auth form, no framework and no better-auth client: its REST endpoints are
// called with fetch (docs/decisions/0913).

/** A better-auth endpoint: its error is the answer's `message`, as the better-auth client reports it. */
async function post(path: string, body: unknown): Promise<AuthResult> {
  const res = await fetch(`/api/auth${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return { error: null };
  const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return { error: { message: typeof answer?.message === 'string' ? answer.message : undefined } };
}

/**
 * The page that sent a signed-out visitor here: the web app's redirect to /auth keeps it in the history entry's state
 * (React Router's `usr`), which a reload of /auth still has. Only a path on this site.
 */
function sentFrom(): string | undefined {
  const from = (window.history.state as { usr?: { from?: unknown } } | null)?.usr?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

const backend: AuthBackend = {
  signIn: (values) => post('/sign-in/email', values),
  signUp: ({ firstName, lastName, ...rest }) =>
    post('/sign-up/email', {
      ...rest,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      callbackURL: '/dashboard',
    }),
  requestPasswordReset: (email) => post('/request-password-reset', { email, redirectTo: '/auth' }),
  resetPassword: (newPassword, token) => post('/reset-password', { newPassword, token }),
  async landing() {
    const from = sentFrom();
    if (from) return from;
    const res = await fetch('/api/me/role', { credentials: 'same-origin' }).catch(() => null);
    const body = res?.ok ? ((await res.json().catch(() => null)) as { role?: string } | null) : null;
    // A technician's day starts on the field app's Today (issue 26).
    return body?.role === 'admin' ? '/admin' : body?.role === 'technician' ? '/field' : '/dashboard';
  },
};

mountHeaderMenu();
const root = document.querySelector<HTMLElement>('[data-island="auth"]');
if (root) {
  mountAuthForm(root, {
    toast: miniToast,
    backend,
    token: new URLSearchParams(window.location.search).get('token'),
    go(path, toast) {
      if (toast) keepToastForNextPage(toast);
      window.location.replace(path);
    },
    forgetToken: () => window.history.replaceState(null, '', '/auth'),
  });
}
