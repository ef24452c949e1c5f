import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { acceptInvitation, invitationQuery } from '../../api/team';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { RowsSkeleton } from '../../components/ui/list-states';
import { authClient, useSession } from '../../lib/auth-client';
import { queryClient } from '../../lib/query-client';

/** /join/:token — the invitation link: create an account or sign in with the invited email, then join. */
export function JoinPage() {
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  const { data: session, isPending: sessionPending } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const [busy, setBusy] = useState(false);

  const join = async () => {
    const { businessName } = await acceptInvitation(token);
    queryClient.clear();
    toast.success('Success', { description: `You've joined ${businessName}` });
    navigate('/dashboard');
  };

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const signUpAndJoin = (email: string, accountExists: boolean) =>
    run(async () => {
      const { error } = accountExists
        ? await authClient.signIn.email({ email, password: values.password })
        : await authClient.signUp.email({
            email,
            password: values.password,
            name: `${values.firstName} ${values.lastName}`.trim(),
            firstName: values.firstName,
            lastName: values.lastName,
          });
      if (error) throw new Error(error.message || 'An unexpected error occurred');
      await join();
    });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card className="p-6">
        {invitation.isPending || sessionPending ? (
          <RowsSkeleton rows={3} />
        ) : invitation.isError ? (
          <p role="alert" className="text-slate-700">
            {invitation.error.message}
          </p>
        ) : invitation.data.problem ? (
          <p role="alert" className="text-slate-700">
            {invitation.data.problem}
          </p>
        ) : (
          <div className="grid gap-4">
            <div>
              <h1 className="text-xl font-bold text-slate-900">Join {invitation.data.businessName}</h1>
              <p className="mt-1 text-sm text-slate-600">
                You're invited as a technician with{' '}
                <span className="font-medium">{invitation.data.email}</span>.
              </p>
            </div>
            {session?.user ? (
              session.user.email.toLowerCase() === invitation.data.email ? (
                <Button onClick={() => run(join)} disabled={busy}>
                  Accept Invitation
                </Button>
              ) : (
                <p role="alert" className="text-sm text-red-700">
                  You're signed in as {session.user.email}. Sign out and use {invitation.data.email} to
                  accept.
                </p>
              )
            ) : (
              <form
                noValidate
                className="grid gap-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  signUpAndJoin(invitation.data.email, invitation.data.accountExists);
                }}
              >
                {!invitation.data.accountExists && (
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field id="join-first" label="First name">
                      <Input
                        value={values.firstName}
                        onChange={(e) => setValues((v) => ({ ...v, firstName: e.target.value }))}
                      />
                    </Field>
                    <Field id="join-last" label="Last name">
                      <Input
                        value={values.lastName}
                        onChange={(e) => setValues((v) => ({ ...v, lastName: e.target.value }))}
                      />
                    </Field>
                  </div>
                )}
                <Field
                  id="join-password"
                  label={invitation.data.accountExists ? 'Password' : 'Choose a password'}
                >
                  <Input
                    type="password"
                    autoComplete={invitation.data.accountExists ? 'current-password' : 'new-password'}
                    value={values.password}
                    onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
                  />
                </Field>
                <Button type="submit" disabled={busy}>
                  {invitation.data.accountExists ? 'Sign In and Join' : 'Create Account and Join'}
                </Button>
              </form>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
