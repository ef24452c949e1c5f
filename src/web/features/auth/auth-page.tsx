import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { SignInValues, SignUpValues } from '../../../shared/auth.schemas';
import { isSignupPlan, PLANS, type SignupPlan, TRIAL_DAYS } from '../../../shared/constants';
import { LogoMark } from '../../components/layout/logo';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { authClient, useSession } from '../../lib/auth-client';
import { queryClient } from '../../lib/query-client';
import { roleQuery } from '../../lib/role';

type Mode = 'signin' | 'signup' | 'forgot' | 'reset';

/** The form's zod resolver, loaded with zod on first submit (./auth-validation.ts), not with the page. */
function lazyResolver<T extends FieldValues>(mode: Mode): Resolver<T> {
  return async (values, context, options) => {
    const { resolvers } = await import('./auth-validation');
    return (resolvers[mode] as unknown as Resolver<T>)(values, context, options);
  };
}

const HEADINGS: Record<Mode, [string, string]> = {
  signin: ['Welcome Back', 'Sign in to manage your detailing business'],
  signup: ['Join ShineRoute', 'Start your 14-day free trial — no credit card required'],
  forgot: ['Reset your password', "Enter your email and we'll send you a reset link"],
  reset: ['Choose a new password', 'Enter a new password for your account'],
};

/**
 * Where a signed-in user goes: the page that sent them to sign in, else /admin for a platform admin (issue 16) and
 * /dashboard for everyone else.
 */
async function landingFor(from: string | undefined) {
  if (from) return from;
  queryClient.removeQueries({ queryKey: roleQuery.queryKey });
  const role = await queryClient.fetchQuery(roleQuery).catch(() => null);
  return role?.role === 'admin' ? '/admin' : '/dashboard';
}

/** A user who is already signed in and opens /auth goes on to their landing page. */
function SignedInRedirect({ from }: { from: string | undefined }) {
  const role = useQuery({ ...roleQuery, enabled: !from });
  if (from) return <Navigate to={from} replace />;
  if (role.isPending) return null;
  return <Navigate to={role.data?.role === 'admin' ? '/admin' : '/dashboard'} replace />;
}

/**
 * Runs an auth call and reports failure with the spec's toast: the service's message, or "An unexpected error
 * occurred" when the call throws. Resolves true when the call succeeded.
 */
async function authCall(call: () => Promise<{ error: { message?: string } | null }>): Promise<boolean> {
  try {
    const { error } = await call();
    if (!error) return true;
    toast.error('Error', { description: error.message || 'An unexpected error occurred' });
  } catch {
    toast.error('Error', { description: 'An unexpected error occurred' });
  }
  return false;
}

export function AuthPage() {
  const { data: session, isPending } = useSession();
  const [params] = useSearchParams();
  const resetToken = params.get('token');
  const [mode, setMode] = useState<Mode>(
    resetToken ? 'reset' : params.get('mode') === 'signup' ? 'signup' : 'signin',
  );
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const planParam = params.get('plan');
  const plan = isSignupPlan(planParam) ? planParam : undefined;

  if (!isPending && session?.user && mode !== 'reset') return <SignedInRedirect from={from} />;

  const [heading, sub] = HEADINGS[mode];
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <LogoMark className="size-10" />
          <h1 className="mt-2 text-2xl font-bold tracking-tight">{heading}</h1>
          <p className="text-sm text-slate-600">{sub}</p>
        </CardHeader>
        <CardContent>
          {mode === 'signin' && (
            <SignInForm
              onDone={async () => navigate(await landingFor(from), { replace: true })}
              onForgot={() => setMode('forgot')}
            />
          )}
          {mode === 'signup' && <SignUpForm plan={plan} onDone={() => navigate('/dashboard', { replace: true })} />}
          {mode === 'forgot' && <ForgotForm onDone={() => setMode('signin')} />}
          {mode === 'reset' && resetToken && (
            <ResetForm
              token={resetToken}
              onDone={() => {
                setMode('signin');
                navigate('/auth', { replace: true });
              }}
            />
          )}
          {(mode === 'signin' || mode === 'signup') && (
            <p className="mt-6 text-center text-sm text-slate-600">
              {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
              <button
                type="button"
                className="font-semibold text-accent underline-offset-4 hover:underline"
                onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
              >
                {mode === 'signin' ? 'Sign up' : 'Sign in'}
              </button>
            </p>
          )}
          {(mode === 'forgot' || mode === 'reset') && (
            <p className="mt-6 text-center text-sm">
              <button
                type="button"
                className="font-semibold text-accent underline-offset-4 hover:underline"
                onClick={() => setMode('signin')}
              >
                Back to sign in
              </button>
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SignInForm({ onDone, onForgot }: { onDone: () => Promise<void> | void; onForgot: () => void }) {
  const form = useForm<SignInValues>({
    resolver: lazyResolver('signin'),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (!(await authCall(() => authClient.signIn.email(values)))) return;
    await onDone();
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <button
        type="button"
        onClick={onForgot}
        className="justify-self-end text-sm text-accent underline-offset-4 hover:underline"
      >
        Forgot password?
      </button>
      <Button type="submit" size="lg" loading={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpForm({ plan, onDone }: { plan?: SignupPlan; onDone: () => void }) {
  const chosen = plan ? PLANS.find((p) => p.id === plan) : undefined;
  const form = useForm<SignUpValues>({
    resolver: lazyResolver('signup'),
    defaultValues: { email: '', password: '', firstName: '', lastName: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (
      !(await authCall(() =>
        authClient.signUp.email({
          email: values.email,
          password: values.password,
          name: `${values.firstName} ${values.lastName}`,
          firstName: values.firstName,
          lastName: values.lastName,
          // The plan chosen on the landing page: the server starts the trial on it (docs/decisions/1110).
          ...(plan ? { plan } : {}),
          callbackURL: '/dashboard',
        } as Parameters<typeof authClient.signUp.email>[0]),
      ))
    )
      return;
    toast.success('Success', {
      description: 'Account created! Please check your email to verify your account.',
    });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {chosen && (
        <p
          data-testid="chosen-plan"
          className="rounded-lg border border-blue-200 bg-accent-soft p-3 text-center text-sm text-navy-900"
        >
          <span className="font-semibold">{chosen.name} plan</span> · {TRIAL_DAYS}-day free trial, then $
          {chosen.priceMonthly}/month. No credit card required.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="firstName" label="First name" error={errors.firstName?.message}>
          <Input
            autoComplete="given-name"
            {...form.register('firstName')}
          />
        </Field>
        <Field id="lastName" label="Last name" error={errors.lastName?.message}>
          <Input
            autoComplete="family-name"
            {...form.register('lastName')}
          />
        </Field>
      </div>
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message} hint="At least 8 characters">
        <Input
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

function ForgotForm({ onDone }: { onDone: () => void }) {
  const form = useForm<{ email: string }>({ resolver: lazyResolver('forgot'), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (!(await authCall(() => authClient.requestPasswordReset({ email, redirectTo: '/auth' })))) return;
    toast.success('Check your email', {
      description: 'If an account exists for that email, a reset link is on its way.',
    });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting}>
        Send Reset Link
      </Button>
    </form>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<{ password: string }>({
    resolver: lazyResolver('reset'),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!(await authCall(() => authClient.resetPassword({ newPassword: password, token })))) return;
    toast.success('Password updated', { description: 'Sign in with your new password.' });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field id="password" label="New password" error={errors.password?.message} hint="At least 8 characters">
        <Input
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting}>
        Update Password
      </Button>
    </form>
  );
}
