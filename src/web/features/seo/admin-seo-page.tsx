import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { isActive, useLatestRun } from '../../api/admin-seo';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { GeneratedPagesCard } from './generated-pages-card';
import { SeoGeneratorCard } from './seo-generator-card';

/** /admin/seo: the Platform SEO Generator and the generated pages (§2). */
export function AdminSeoPage() {
  const latest = useLatestRun();
  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Platform SEO Generator"
        description="Generate city landing pages for the largest cities of each state, optionally for popular vehicles."
      />
      <div className="grid grid-cols-1 gap-6">
        <SeoGeneratorCard latest={latest} />
        <GeneratedPagesCard generating={isActive(latest.data?.run)} />
      </div>
    </>
  );
}
