import { firstErrorOfEachField, showFieldError } from './field-errors';
import type { Toaster } from './zip-checker';

/** /auth's four forms: sign in, sign up, forgot password (ask for a link), reset (a new password, from the link). */
export type AuthMode = 'signin' | 'signup' | 'forgot' | 'reset';

/** The texts that change with the mode (the spec's headings and buttons); AuthView renders the first mode's. */
export const AUTH_TEXTS: Record<
  AuthMode,
  {
    title: string;
    heading: string;
    sub: string;
    submit: string;
    busy: string;
    password: string;
    passwordAutocomplete: string;
  }
> = {
  signin: {
    title: 'Sign in | ShineRoute',
    heading: 'Welcome Back',
    sub: 'Sign in to manage your detailing business',
    submit: 'Sign In',
    busy: 'Signing in...',
    password: 'Password',
    passwordAutocomplete: 'current-password',
  },
  signup: {
    title: 'Start your free trial | ShineRoute',
    heading: 'Join ShineRoute',
    sub: 'Start your 14-day free trial — no credit card required',
    submit: 'Create Account',
    busy: 'Creating account...',
    password: 'Password',
    passwordAutocomplete: 'new-password',
  },
  forgot: {
    title: 'Reset your password | ShineRoute',
    heading: 'Reset your password',
    sub: "Enter your email and we'll send you a reset link",
    submit: 'Send Reset Link',
    busy: 'Send Reset Link',
    password: 'Password',
    passwordAutocomplete: 'current-password',
  },
  reset: {
    title: 'Reset your password | ShineRoute',
    heading: 'Choose a new password',
    sub: 'Enter a new password for your account',
    submit: 'Update Password',
    busy: 'Update Password',
    password: 'New password',
    passwordAutocomplete: 'new-password',
  },
};

/** The mode a URL opens in: a reset link's token, `?mode=signup` (the trial buttons), else sign in. */
export function authModeOf(params: URLSearchParams): AuthMode {
  if (params.get('token')) return 'reset';
  return params.get('mode') === 'signup' ? 'signup' : 'signin';
}

/** What an auth call answers: better-auth's error (its message is shown) or none. */
export interface AuthResult {
  error: { message?: string } | null;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * How the form talks to better-auth. The server-rendered page calls its REST endpoints with fetch
 * (src/web/islands/auth.ts); the web app passes its better-auth client, so its session store follows.
 */
export interface AuthBackend {
  signIn(values: { email: string; password: string }): Promise<AuthResult>;
  signUp(values: SignUpInput & { plan?: string }): Promise<AuthResult>;
  requestPasswordReset(email: string): Promise<AuthResult>;
  resetPassword(newPassword: string, token: string): Promise<AuthResult>;
  /** Where a user who has just signed in goes: the page that sent them here, else /admin or /dashboard by role. */
  landing(): Promise<string>;
}

export interface AuthFormOptions {
  toast: Toaster;
  backend: AuthBackend;
  /** Leaves /auth (replacing it in history); `toast` is shown on arrival (a full page load carries it over). */
  go(path: string, toast?: { title: string; description: string }): void;
  /** The reset link's token (reset mode). */
  token: string | null;
  /** The reset link is used up: /auth without its token. */
  forgetToken(): void;
}

type FieldName = 'firstName' | 'lastName' | 'email' | 'password';
const FIELDS: FieldName[] = ['firstName', 'lastName', 'email', 'password'];
const FIELDS_OF: Record<AuthMode, FieldName[]> = {
  signin: ['email', 'password'],
  signup: ['firstName', 'lastName', 'email', 'password'],
  forgot: ['email'],
  reset: ['password'],
};
const UNEXPECTED = 'An unexpected error occurred';

/**
 * Wires the server-rendered /auth card (AuthView): the mode links, the zod schemas (loaded on first submit) with
 * inline errors as the web app's Field shows them, better-auth's calls, the spec's toasts and where a user goes next.
 * Plain DOM, so /auth loads no framework (docs/decisions/0913); the web app mounts it on the same markup.
 * Returns what removes its listeners (the web app's page unmounting).
 */
export function mountAuthForm(root: HTMLElement, options: AuthFormOptions): () => void {
  const { toast, backend } = options;
  const listening = new AbortController();
  const on = <K extends keyof HTMLElementEventMap>(
    el: HTMLElement,
    type: K,
    fn: (e: HTMLElementEventMap[K]) => void,
  ) => el.addEventListener(type, fn, { signal: listening.signal });
  const $ = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const form = $<HTMLFormElement>('form');
  const input = (name: FieldName) => form.elements.namedItem(name) as HTMLInputElement;
  const button = $<HTMLButtonElement>('button[type="submit"]');
  const plan = root.dataset.plan || undefined;

  let mode = (root.dataset.mode as AuthMode | undefined) ?? 'signin';
  let errors: Partial<Record<FieldName, string>> = {};
  let submitted = false;
  let busy = false;

  /** Puts the markup in the current state: which parts show, the mode's texts, the errors, the busy button. */
  const render = () => {
    const texts = AUTH_TEXTS[mode];
    root.dataset.mode = mode;
    document.title = texts.title;
    for (const el of root.querySelectorAll<HTMLElement>('[data-auth-show]')) {
      el.hidden = !el.dataset.authShow!.split(' ').includes(mode);
    }
    $('[data-auth-heading]').textContent = texts.heading;
    $('[data-auth-sub]').textContent = texts.sub;
    $('label[for="password"]').textContent = texts.password;
    if (mode === 'signin' || mode === 'signup') {
      const toggle = $('[data-auth-toggle]');
      toggle.firstChild!.textContent =
        mode === 'signin' ? "Don't have an account? " : 'Already have an account? ';
      toggle.querySelector('button')!.textContent = mode === 'signin' ? 'Sign up' : 'Sign in';
    }
    input('password').autocomplete = texts.passwordAutocomplete as AutoFill;
    for (const name of FIELDS) {
      const el = input(name);
      const message = errors[name];
      // The hint ("At least 8 characters") gives way to an error, as in Field.
      const hint = el.parentElement!.querySelector<HTMLElement>('[data-auth-hint]');
      if (hint) hint.hidden = Boolean(message) || !hint.dataset.authHint!.split(' ').includes(mode);
      showFieldError(el, message);
    }
    button.disabled = busy;
    $('[data-auth-spinner]').classList.toggle('hidden', !busy);
    $('[data-auth-submit]').textContent = busy ? texts.busy : texts.submit;
  };

  /** A new mode starts from an empty form, as the web app's forms did (each mode was its own form). */
  const setMode = (next: AuthMode) => {
    mode = next;
    errors = {};
    submitted = false;
    form.reset();
    render();
  };

  const validate = async () => {
    const { authSchemas } = await import('../features/auth/auth-validation');
    const values = Object.fromEntries(FIELDS_OF[mode].map((name) => [name, input(name).value]));
    const parsed = authSchemas[mode].safeParse(values);
    errors = parsed.success ? {} : firstErrorOfEachField<FieldName>(parsed.error.issues);
    render();
    return parsed.success ? (parsed.data as Record<FieldName, string>) : null;
  };

  /** The spec's error toast: the service's message, or "An unexpected error occurred". True when the call worked. */
  const call = async (run: () => Promise<AuthResult>) => {
    try {
      const { error } = await run();
      if (!error) return true;
      toast.error('Error', { description: error.message || UNEXPECTED });
    } catch {
      toast.error('Error', { description: UNEXPECTED });
    }
    return false;
  };

  const submit = async (values: Record<FieldName, string>) => {
    if (mode === 'signin') {
      if (!(await call(() => backend.signIn({ email: values.email, password: values.password }))))
        return false;
      options.go(await backend.landing());
      return true;
    }
    if (mode === 'signup') {
      const { email, password, firstName, lastName } = values;
      if (
        !(await call(() =>
          backend.signUp({ email, password, firstName, lastName, ...(plan ? { plan } : {}) }),
        ))
      )
        return false;
      options.go('/dashboard', {
        title: 'Success',
        description: 'Account created! Please check your email to verify your account.',
      });
      return true;
    }
    if (mode === 'forgot') {
      if (!(await call(() => backend.requestPasswordReset(values.email)))) return false;
      toast.success('Check your email', {
        description: 'If an account exists for that email, a reset link is on its way.',
      });
      setMode('signin');
      return false;
    }
    if (!(await call(() => backend.resetPassword(values.password, options.token ?? '')))) return false;
    toast.success('Password updated', { description: 'Sign in with your new password.' });
    setMode('signin');
    options.forgetToken();
    return false;
  };

  document.title = AUTH_TEXTS[mode].title;
  on(form, 'submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    submitted = true;
    const values = await validate();
    if (!values) {
      // The first field in error takes the focus, as react-hook-form did.
      input(FIELDS_OF[mode].find((name) => errors[name]) ?? FIELDS_OF[mode][0]!).focus();
      return;
    }
    busy = true;
    render();
    // Leaving the page: the button stays busy until the next page replaces this one.
    const leaving = await submit(values);
    if (!leaving) {
      busy = false;
      render();
    }
  });
  // After a first submit, errors follow what is typed (react-hook-form's default re-validation).
  on(form, 'input', () => {
    if (submitted) void validate();
  });
  for (const el of root.querySelectorAll<HTMLButtonElement>('[data-auth-to]')) {
    on(el, 'click', () =>
      setMode(
        (el.dataset.authTo === 'toggle'
          ? mode === 'signin'
            ? 'signup'
            : 'signin'
          : el.dataset.authTo) as AuthMode,
      ),
    );
  }
  return () => listening.abort();
}
