import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { LandingPageGenerator } from './landing-page-generator';
import { LandingPageList } from './landing-page-list';

/** Marketing Tools (/marketing): the Quick Landing Page Generator and the latest 20 pages. */
export function MarketingPage() {
  const [params] = useSearchParams();
  // Promo codes were a tab here; they have their own screen now (decision 0958).
  if (params.get('tab') === 'promo-codes') return <Navigate to="/promo-codes" replace />;
  return (
    <>
      <PageHeader
        title="Marketing Tools"
        description="Create local landing pages that help customers in your cities find and book you."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <LandingPageGenerator />
        <LandingPageList />
      </div>
    </>
  );
}
