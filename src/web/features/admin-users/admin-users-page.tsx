import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AccountsTab } from './accounts-tab';
import { AddOnOrders } from './add-on-orders';
import { AuditList } from './audit-list';

/** /admin/users: every account (search, roles, suspension, business overview) and the audit log of admin actions. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'audit' || asked === 'add-ons' ? asked : 'accounts';
  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Users"
        description="Search accounts, grant and revoke roles, suspend or restore access. Every admin action is logged."
      />
      <Tabs
        value={tab}
        onValueChange={(v) => setParams(v === 'accounts' ? {} : { tab: v }, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="accounts">Accounts</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
          <TabsTrigger value="add-ons">Add-ons</TabsTrigger>
        </TabsList>
        <TabsContent value="accounts" className="mt-4">
          <AccountsTab />
        </TabsContent>
        <TabsContent value="audit" className="mt-4">
          <AuditList />
        </TabsContent>
        <TabsContent value="add-ons" className="mt-4">
          <AddOnOrders />
        </TabsContent>
      </Tabs>
    </>
  );
}
