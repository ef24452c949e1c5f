import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

/** Screens whose issue has not landed yet (only until then; see issues 3–5). */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <Construction className="size-10 text-amber-500" aria-hidden="true" />
          <p className="text-lg font-semibold">Coming soon</p>
          <p className="max-w-md text-sm text-slate-600">This part of ShineRoute is being built. Your data is safe and will appear here as soon as it ships.</p>
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
