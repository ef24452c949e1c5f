import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { GALLERY_TEXT, type PublicGallery } from '../../../shared/gallery';
import { formatCalendarDate } from '../../../shared/time';
import { publicGalleryQuery, useGalleryConsent } from '../../api/gallery';
import { BrandBand, PoweredBy } from '../../components/brand-mark';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { ApiError } from '../../lib/api-fetch';

// /gallery/:token — the customer's before and after photos of one job, from the link sent with the completion
// (decision 1244). Nothing else of the business: its name, the service, the day, the photos and the consent box.

export function GalleryPage() {
  const { token = '' } = useParams();
  const gallery = useQuery(publicGalleryQuery(token));
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      {gallery.isPending ? (
        <Card className="p-6">
          <RowsSkeleton rows={3} />
        </Card>
      ) : gallery.isError ? (
        gallery.error instanceof ApiError && gallery.error.status === 404 ? (
          <EmptyState
            icon={ImageOff}
            title={GALLERY_TEXT.notFound}
            description="Please use the link in the email sent when your job was completed."
            action={
              <Button asChild variant="outline">
                <Link to="/">Return Home</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState
            message="Failed to load the photos"
            onRetry={() => gallery.refetch()}
            retrying={gallery.isFetching}
          />
        )
      ) : (
        <Gallery token={token} gallery={gallery.data} />
      )}
    </div>
  );
}

function Gallery({ token, gallery }: { token: string; gallery: PublicGallery }) {
  const consent = useGalleryConsent(token);
  return (
    <div className="grid gap-6">
      {gallery.branding && <BrandBand branding={gallery.branding} />}
      <header>
        <p className="text-sm font-semibold text-accent">{gallery.businessName}</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Your {gallery.serviceName}: before and after
        </h1>
        <p className="mt-1 text-sm text-slate-600">{formatCalendarDate(gallery.date)}</p>
      </header>
      {gallery.photos.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No photos were taken on this job.</p>
      ) : (
        (['before', 'after'] as const).map((kind) => {
          const photos = gallery.photos.filter((p) => p.kind === kind);
          if (photos.length === 0) return null;
          return (
            <section key={kind} aria-labelledby={`${kind}-title`} className="grid gap-3">
              <h2 id={`${kind}-title`} className="text-lg font-semibold text-slate-900">
                {kind === 'before' ? 'Before' : 'After'}
              </h2>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {photos.map((p) => (
                  <li key={p.id}>
                    <a href={p.url} target="_blank" rel="noopener noreferrer" className="block">
                      <img
                        src={p.thumbUrl}
                        alt={p.alt}
                        width={p.width}
                        height={p.height}
                        loading="lazy"
                        className="aspect-[4/3] w-full rounded-xl border border-slate-200 bg-slate-100 object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
      <Card className="p-4">
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
            checked={gallery.consent}
            disabled={consent.isPending}
            onChange={(e) =>
              consent.mutate(e.target.checked, {
                onSuccess: ({ consent: given }) =>
                  toast.success(given ? 'Thank you' : 'Noted', {
                    description: given
                      ? `${gallery.businessName} may show these photos on its page.`
                      : 'These photos will not be shown publicly.',
                  }),
                onError: (err) => toast.error('Not saved', { description: err.message }),
              })
            }
          />
          <span>
            <span className="font-medium">{GALLERY_TEXT.consentLabel}</span>
            <span className="block text-slate-600">{GALLERY_TEXT.consentHint}</span>
          </span>
        </label>
      </Card>
      {!gallery.branding && <PoweredBy />}
    </div>
  );
}
