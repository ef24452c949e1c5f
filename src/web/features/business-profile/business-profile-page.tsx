import { ExternalLink, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { PROFILE_TEXT } from '../../../shared/business-profile';
import { useIsTechnician } from '../../api/billing';
import { useBusinessProfile, useGenerateBusinessPage } from '../../api/business-profile';
import { Button } from '../../components/ui/button';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useErrorToast } from '../../lib/use-error-toast';
import { BasicInfoFields, BusinessDetailsFields, ServicesFields, useProfileForm } from './profile-form';
import { TestimonialsTab } from './testimonials-tab';

/** A link may open a tab (`?tab=data`, from the export-ready email). */
const TAB_VALUES = new Set([
  'basic',
  'details',
  'services',
  'testimonials',
  'hours',
  'team',
  'locations',
  'api',
  'branding',
  'data',
]);
const initialTab = () => {
  const tab = new URLSearchParams(window.location.search).get('tab');
  return tab && TAB_VALUES.has(tab) ? tab : 'basic';
};

/**
 * /business-profile. The booking link, the Hours & Booking, Team and API tabs belong to their own features; the
 * route (src/web/routes/business-profile-route.tsx) hands them in.
 */
export function BusinessProfilePage({
  bookingLink,
  hoursTab,
  teamTab,
  apiTab,
  dataTab,
  locationsTab,
  brandingTab,
}: {
  /** White-label (Elite, features/branding). */
  brandingTab?: ReactNode;
  /** Multi-location (Elite, features/locations); absent for other plans. */
  locationsTab?: ReactNode;
  bookingLink: ReactNode;
  hoursTab: ReactNode;
  teamTab: ReactNode;
  /** API keys and webhooks (Elite), from their own features. */
  apiTab?: ReactNode;
  /** Export all data and close the account (features/data-transfer). */
  dataTab?: ReactNode;
}) {
  const { data, isPending, isError, errorUpdatedAt, refetch, isRefetching } = useBusinessProfile();
  useErrorToast(isError, PROFILE_TEXT.loadFailed, errorUpdatedAt);
  const { form, onSubmit } = useProfileForm(data);
  const isTechnician = useIsTechnician();
  const generate = useGenerateBusinessPage();

  const generatePage = async () => {
    if (!data?.businessName?.trim()) return toast.error('Error', { description: PROFILE_TEXT.pageNeedsName });
    // Opened now, while the click still counts as a user gesture, so that popup blockers allow it.
    const tab = window.open('', '_blank');
    try {
      const page = await generate.mutateAsync();
      toast.success(PROFILE_TEXT.pageCreatedTitle, { description: PROFILE_TEXT.pageCreated });
      if (tab) tab.location.href = page.url;
      else window.open(page.url, '_blank');
    } catch (e) {
      tab?.close();
      toast.error(PROFILE_TEXT.pageFailed, { description: (e as Error).message });
    }
  };

  return (
    <div>
      <PageHeader
        title="Business Profile"
        description="Your details, story and reviews — the content of your public business page."
        actions={
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            {data?.businessPage && (
              <Button variant="outline" asChild>
                <a href={data.businessPage.url} target="_blank" rel="noopener">
                  <ExternalLink /> View Business Page
                </a>
              </Button>
            )}
            <Button onClick={generatePage} loading={generate.isPending} disabled={isPending}>
              <Globe /> Generate Business Page
            </Button>
          </div>
        }
      />
      {isPending ? (
        <RowsSkeleton rows={4} />
      ) : isError ? (
        <ErrorState message={PROFILE_TEXT.loadFailed} onRetry={() => refetch()} retrying={isRefetching} />
      ) : (
        <>
          {bookingLink}
          <Tabs defaultValue={initialTab()}>
            <TabsList className="flex-wrap">
              <TabsTrigger value="basic">Basic Info</TabsTrigger>
              <TabsTrigger value="details">Business Details</TabsTrigger>
              <TabsTrigger value="services">Services</TabsTrigger>
              <TabsTrigger value="testimonials">Testimonials</TabsTrigger>
              <TabsTrigger value="hours">Hours &amp; Booking</TabsTrigger>
              {!isTechnician && <TabsTrigger value="team">Team</TabsTrigger>}
              {!isTechnician && locationsTab && <TabsTrigger value="locations">Locations</TabsTrigger>}
              {!isTechnician && apiTab && <TabsTrigger value="api">API</TabsTrigger>}
              {!isTechnician && brandingTab && <TabsTrigger value="branding">Branding</TabsTrigger>}
              {!isTechnician && dataTab && <TabsTrigger value="data">Data</TabsTrigger>}
            </TabsList>
            <form onSubmit={onSubmit} noValidate>
              {/* Mounted while hidden, so that one Save keeps the other tabs' edits. */}
              <TabsContent value="basic" forceMount className="data-[state=inactive]:hidden">
                <BasicInfoFields form={form} />
              </TabsContent>
              <TabsContent value="details" forceMount className="data-[state=inactive]:hidden">
                <BusinessDetailsFields form={form} />
              </TabsContent>
              <TabsContent value="services" forceMount className="data-[state=inactive]:hidden">
                <ServicesFields form={form} />
              </TabsContent>
            </form>
            <TabsContent value="testimonials">
              <TestimonialsTab />
            </TabsContent>
            <TabsContent value="hours">{hoursTab}</TabsContent>
            {!isTechnician && <TabsContent value="team">{teamTab}</TabsContent>}
            {!isTechnician && locationsTab && <TabsContent value="locations">{locationsTab}</TabsContent>}
            {!isTechnician && apiTab && <TabsContent value="api">{apiTab}</TabsContent>}
            {!isTechnician && brandingTab && <TabsContent value="branding">{brandingTab}</TabsContent>}
            {!isTechnician && dataTab && <TabsContent value="data">{dataTab}</TabsContent>}
          </Tabs>
        </>
      )}
    </div>
  );
}
