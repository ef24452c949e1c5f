import { FeatureGate } from '../../components/domain/feature-gate';
import { PageHeader } from '../../components/ui/page-header';
import { PromoCodesTab } from './promo-codes-tab';

const TITLE = 'Promo Codes';
const DESCRIPTION = 'Discounts customers enter when they book and pay online.';

/** /promo-codes (decision 0958): its own screen in the navigation, next to campaigns; Pro like the API. */
export function PromoCodesPage() {
  const header = <PageHeader title={TITLE} description={DESCRIPTION} />;
  return (
    <FeatureGate feature="promo_codes" title={header}>
      {header}
      <PromoCodesTab />
    </FeatureGate>
  );
}
