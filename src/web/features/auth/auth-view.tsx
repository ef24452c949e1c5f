import { Loader2 } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { PLANS, type SignupPlan, TRIAL_DAYS } from '../../../shared/constants';
import { LogoMark } from '../../components/layout/logo';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { AUTH_TEXTS, type AuthMode } from '../../islands/auth-form';

/**
 * A labelled field as the web app's Field draws it (label, control, hint), shown in the modes `show` lists. The auth
 * form island (src/web/islands/auth-form.ts) adds and removes the inline error as Field does.
 */
function AuthField({
  id,
  label,
  show,
  mode,
  hint,
  children,
}: {
  id: string;
  label: string;
  show?: AuthMode[];
  mode: AuthMode;
  hint?: { text: string; show: AuthMode[] };
  children: ReactNode;
}) {
  return (
    <div
      className="grid gap-1.5"
      data-auth-show={show?.join(' ')}
      hidden={show ? !show.includes(mode) : undefined}
    >
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p
          className="text-xs text-slate-500"
          data-auth-hint={hint.show.join(' ')}
          hidden={!hint.show.includes(mode)}
        >
          {hint.text}
        </p>
      )}
    </div>
  );
}

/**
 * /auth as markup: the card with every mode's parts, those of `mode` showing. The server renders it for anonymous
 * visitors and the island switches modes, validates and submits (docs/decisions/0913); the web app's AuthPage renders
 * the same markup and mounts the same island on it.
 */
export function AuthView({
  mode,
  plan,
  rootRef,
}: {
  mode: AuthMode;
  plan?: SignupPlan;
  rootRef?: Ref<HTMLDivElement>;
}) {
  const texts = AUTH_TEXTS[mode];
  const chosen = plan ? PLANS.find((p) => p.id === plan) : undefined;
  const show = (...modes: AuthMode[]) => ({
    'data-auth-show': modes.join(' '),
    hidden: !modes.includes(mode),
  });
  return (
    <div
      ref={rootRef}
      className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-slate-50 px-4 py-10 sm:items-center"
      data-island="auth"
      data-mode={mode}
      data-plan={chosen?.id}
    >
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <LogoMark className="size-10" />
          <h1 className="mt-2 text-2xl font-bold tracking-tight" data-auth-heading="">
            {texts.heading}
          </h1>
          <p className="text-sm text-slate-600" data-auth-sub="">
            {texts.sub}
          </p>
        </CardHeader>
        <CardContent>
          {/* POST: a submit before the script runs must not put the password in the address. */}
          <form method="post" className="grid gap-4" noValidate>
            {chosen && (
              <p
                data-testid="chosen-plan"
                className="rounded-lg border border-blue-200 bg-accent-soft p-3 text-center text-sm text-navy-900"
                {...show('signup')}
              >
                <span className="font-semibold">{chosen.name} plan</span> · {TRIAL_DAYS}-day free trial, then
                ${chosen.priceMonthly}/month. No credit card required.
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2" {...show('signup')}>
              <AuthField id="firstName" label="First name" mode={mode}>
                <Input id="firstName" name="firstName" autoComplete="given-name" />
              </AuthField>
              <AuthField id="lastName" label="Last name" mode={mode}>
                <Input id="lastName" name="lastName" autoComplete="family-name" />
              </AuthField>
            </div>
            <AuthField id="email" label="Email" mode={mode} show={['signin', 'signup', 'forgot']}>
              <Input id="email" name="email" type="email" autoComplete="email" />
            </AuthField>
            <AuthField
              id="password"
              label={texts.password}
              mode={mode}
              show={['signin', 'signup', 'reset']}
              hint={{ text: 'At least 8 characters', show: ['signup', 'reset'] }}
            >
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete={texts.passwordAutocomplete}
              />
            </AuthField>
            <button
              type="button"
              className="justify-self-end text-sm text-accent underline-offset-4 hover:underline"
              data-auth-to="forgot"
              {...show('signin')}
            >
              Forgot password?
            </button>
            <Button type="submit" size="lg">
              <Loader2 className="hidden animate-spin" aria-hidden="true" data-auth-spinner="" />
              <span data-auth-submit="">{texts.submit}</span>
            </Button>
          </form>
          <p
            className="mt-6 text-center text-sm text-slate-600"
            data-auth-toggle=""
            {...show('signin', 'signup')}
          >
            {mode === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
            <button
              type="button"
              className="font-semibold text-accent underline-offset-4 hover:underline"
              data-auth-to="toggle"
            >
              {mode === 'signup' ? 'Sign in' : 'Sign up'}
            </button>
          </p>
          <p className="mt-6 text-center text-sm" {...show('forgot', 'reset')}>
            <button
              type="button"
              className="font-semibold text-accent underline-offset-4 hover:underline"
              data-auth-to="signin"
            >
              Back to sign in
            </button>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
