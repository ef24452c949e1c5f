import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import { Navigate, type NavigateFunction, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isSignupPlan, type SignupPlan } from '../../../shared/constants';
import { type AuthBackend, type AuthMode, authModeOf, mountAuthForm } from '../../islands/auth-form';
import { authClient, useSession } from '../../lib/auth-client';
import { queryClient } from '../../lib/query-client';
import { roleQuery } from '../../lib/role';
import { AuthView } from './auth-view';

// /auth inside the web app (dev server, links inside the app, the redirect of a signed-out visit to an owner screen).
// Visitors arriving by URL get the server-rendered page (docs/decisions/0913): the same markup and the same island,
// which here calls better-auth through the web app's client, so its session store follows.

/**
 * Where a signed-in user goes: the page that sent them to sign in, else /admin for a platform admin (issue 16) and
 * the field app for a technician (issue 26), /dashboard for everyone else.
 */
const landingOf = (role: string | null | undefined) =>
  role === 'admin' ? '/admin' : role === 'technician' ? '/field' : '/dashboard';

async function landingFor(from: string | undefined) {
  if (from) return from;
  queryClient.removeQueries({ queryKey: roleQuery.queryKey });
  const role = await queryClient.fetchQuery(roleQuery).catch(() => null);
  return landingOf(role?.role);
}

/** A user who is already signed in and opens /auth goes on to their landing page. */
function SignedInRedirect({ from }: { from: string | undefined }) {
  const role = useQuery({ ...roleQuery, enabled: !from });
  if (from) return <Navigate to={from} replace />;
  if (role.isPending) return null;
  return <Navigate to={landingOf(role.data?.role)} replace />;
}

const backendFor = (from: string | undefined): AuthBackend => ({
  signIn: (values) => authClient.signIn.email(values),
  signUp: ({ firstName, lastName, plan, ...rest }) =>
    authClient.signUp.email({
      ...rest,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      // The plan chosen on the landing page: the server starts the trial on it (docs/decisions/1110).
      ...(plan ? { plan } : {}),
      callbackURL: '/dashboard',
    } as Parameters<typeof authClient.signUp.email>[0]),
  requestPasswordReset: (email) => authClient.requestPasswordReset({ email, redirectTo: '/auth' }),
  resetPassword: (newPassword, token) => authClient.resetPassword({ newPassword, token }),
  landing: () => landingFor(from),
});

interface IslandProps {
  mode: AuthMode;
  plan: SignupPlan | undefined;
  token: string | null;
  from: string | undefined;
  navigate: NavigateFunction;
}

/**
 * The markup with the island mounted on it. Rendered once (memo, props fixed when the page opened): from then on the
 * island owns what changes in it, and React must not redraw it.
 */
const AuthIsland = memo(function AuthIsland({ mode, plan, token, from, navigate }: IslandProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      mountAuthForm(root.current!, {
        toast,
        backend: backendFor(from),
        token,
        go(path, next) {
          if (next) toast.success(next.title, { description: next.description });
          navigate(path, { replace: true });
        },
        forgetToken: () => navigate('/auth', { replace: true }),
      }),
    [from, token, navigate],
  );
  return <AuthView mode={mode} plan={plan} rootRef={root} />;
});

export function AuthPage() {
  const { data: session, isPending } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // What the page opened with; the island switches modes itself from then on.
  const [opened] = useState(() => {
    const planParam = params.get('plan');
    return {
      mode: authModeOf(params),
      plan: isSignupPlan(planParam) ? planParam : undefined,
      token: params.get('token'),
      from: (location.state as { from?: string } | null)?.from,
    };
  });

  if (!isPending && session?.user && opened.mode !== 'reset') return <SignedInRedirect from={opened.from} />;
  return <AuthIsland {...opened} navigate={navigate} />;
}
