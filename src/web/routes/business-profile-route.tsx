import { useHasLocations } from '../api/locations';
import { ApiKeysTab } from '../features/api-keys/api-keys-tab';
import { BookingLinkSettings } from '../features/booking-link/booking-link-settings';
import { HoursTab } from '../features/bookings/scheduling/hours-tab';
import { BrandingTab } from '../features/branding/branding-tab';
import { BusinessProfilePage } from '../features/business-profile/business-profile-page';
import { DataTab } from '../features/data-transfer/data-tab';
import { LocationsTab } from '../features/locations/locations-tab';
import { TeamTab } from '../features/team/team-tab';
import { WebhooksSection } from '../features/webhooks/webhooks-section';

/** /business-profile: the profile with the booking link and the Hours & Booking, Team, API and Data tabs. */
export function BusinessProfileRoute() {
  // Locations are Elite's: other plans never see the tab (decision 1280).
  const hasLocations = useHasLocations();
  return (
    <BusinessProfilePage
      bookingLink={<BookingLinkSettings />}
      hoursTab={<HoursTab />}
      teamTab={<TeamTab />}
      apiTab={<ApiKeysTab webhooks={<WebhooksSection />} />}
      brandingTab={<BrandingTab />}
      dataTab={<DataTab />}
      locationsTab={hasLocations ? <LocationsTab /> : undefined}
    />
  );
}
