import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PromoCodesTab } from '../promo-codes/promo-codes-tab';
import { LandingPageGenerator } from './landing-page-generator';
import { LandingPageList } from './landing-page-list';

/** Marketing Tools (/marketing): the Quick Landing Page Generator and the latest 20 pages; promo codes. */
export function MarketingPage() {
  return (
    <>
      <PageHeader title="Marketing Tools" description="Create local landing pages that help customers in your cities find and book you." />
      <Tabs defaultValue="landing-pages">
        <TabsList>
          <TabsTrigger value="landing-pages">Landing Pages</TabsTrigger>
          <TabsTrigger value="promo-codes">Promo Codes</TabsTrigger>
        </TabsList>
        <TabsContent value="landing-pages">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
            <LandingPageGenerator />
            <LandingPageList />
          </div>
        </TabsContent>
        <TabsContent value="promo-codes">
          <PromoCodesTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
