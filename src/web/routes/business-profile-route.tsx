import { BookingLinkSettings } from '../features/booking-link/booking-link-settings';
import { HoursTab } from '../features/bookings/scheduling/hours-tab';
import { BusinessProfilePage } from '../features/business-profile/business-profile-page';
import { TeamTab } from '../features/team/team-tab';

/** /business-profile: the profile with the booking link, the Hours & Booking tab and the Team tab. */
export function BusinessProfileRoute() {
  return (
    <BusinessProfilePage
      bookingLink={<BookingLinkSettings />}
      hoursTab={<HoursTab />}
      teamTab={<TeamTab />}
    />
  );
}
