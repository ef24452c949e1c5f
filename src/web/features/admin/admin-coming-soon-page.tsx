import { ArrowLeft, Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';

/** /admin/users, /admin/analytics, /admin/settings: linked from the panel, built in a later issue. */
export function AdminComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <Construction className="size-10 text-amber-500" aria-hidden="true" />
          <p className="text-lg font-semibold">Coming soon</p>
          <p className="max-w-md text-sm text-slate-600">This admin screen is being built.</p>
        </CardContent>
      </Card>
    </>
  );
}

export const AdminUsersPage = () => <AdminComingSoonPage title="Users" />;
export const AdminAnalyticsPage = () => <AdminComingSoonPage title="Analytics" />;
export const AdminSettingsPage = () => <AdminComingSoonPage title="Settings" />;
