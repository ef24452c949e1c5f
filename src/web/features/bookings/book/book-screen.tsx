import { Info } from 'lucide-react';
import { ErrorState } from '../../../components/ui/list-states';
import { useErrorToast } from '../../../lib/use-error-toast';
import { BookSkeleton } from './book-skeleton';
import { BookingFormView } from './booking-form';
import { type BookingOptions, useBookingOptions } from './booking-queries';
import { ChooseBusiness } from './choose-business';
import { NotBookable } from './not-bookable';

/** Where /book is and where it can go: from React Router in the web app, from the page's URL in the island. */
export interface BookLocation {
  /** The business: /book/{slug} (the readable link) or the old /book?business=<id>. */
  business?: string;
  /** A location of the business: /book/{slug}/{location} (decision 1280). */
  location?: string;
  zip?: string;
  cancelled: boolean;
  chooseBusiness(id: string): void;
  go(path: string): void;
  /** The options the server rendered the page with (the island hydrates with the same). */
  initialOptions?: BookingOptions | null;
  /** Served inside the server's frame, whose header is a white-labelled business's own: the form drops its band. */
  framed?: boolean;
}

/** /book (§2): Select Service, Vehicle Information, Schedule, Service Location, Contact Information, Price Summary, Book Now. */
export function BookScreen({
  business,
  location,
  zip,
  cancelled,
  chooseBusiness,
  go,
  initialOptions,
  framed,
}: BookLocation) {
  const options = useBookingOptions({ business, zip, location }, initialOptions);
  useErrorToast(options.isError, 'Failed to load booking information', options.errorUpdatedAt);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        {cancelled && (
          <div
            role="status"
            className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>Payment cancelled — nothing was charged. You can change your booking and try again.</p>
          </div>
        )}
        {options.isPending ? (
          <BookSkeleton />
        ) : options.isError || !options.data ? (
          <>
            <h1 className="mb-6 text-3xl font-bold tracking-tight">Book a Detail</h1>
            <ErrorState
              message="Failed to load booking information"
              onRetry={() => options.refetch()}
              retrying={options.isFetching}
            />
          </>
        ) : options.data.mode === 'choose' ? (
          <ChooseBusiness options={options.data} zip={zip} onChoose={chooseBusiness} />
        ) : options.data.business && !options.data.business.acceptsOnlineBookings ? (
          <NotBookable name={options.data.business.name} phone={options.data.business.phone} />
        ) : (
          <BookingFormView
            key={business ?? 'lead'}
            options={options.data}
            zip={zip}
            go={go}
            framed={framed}
          />
        )}
      </div>
    </div>
  );
}

/** The zip in the URL, when it is one. */
export const zipOf = (value: string | null) => (value && /^\d{5}$/.test(value) ? value : undefined);
