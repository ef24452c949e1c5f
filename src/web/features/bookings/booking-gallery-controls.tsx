import { Copy, ExternalLink, Star } from 'lucide-react';
import { toast } from 'sonner';
import type { FieldPhoto } from '../../../shared/field';
import { GALLERY_TEXT } from '../../../shared/gallery';
import { useFeaturePhoto, useOwnerGallery } from '../../api/gallery';
import { Button } from '../../components/ui/button';

// The owner's side of the before/after gallery (decision 1244): the customer's gallery link, their consent, and which
// photos show on the public business page.

const KIND = { before: 'Before', after: 'After' } as const;

export function BookingGalleryControls({ bookingId, photos }: { bookingId: string; photos: FieldPhoto[] }) {
  const gallery = useOwnerGallery(bookingId);
  const feature = useFeaturePhoto(bookingId);
  if (!gallery.data) return null;
  const { consent } = gallery.data;
  const featured = new Set(gallery.data.photos.filter((p) => p.featured).map((p) => p.id));
  const copy = async () => {
    await navigator.clipboard.writeText(gallery.data.url);
    toast.success('Copied', { description: 'The gallery link is on the clipboard' });
  };
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-3" data-testid="gallery-controls">
      <h4 className="font-semibold text-slate-900">Customer gallery</h4>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={gallery.data.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink /> Open gallery
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy /> Copy link
        </Button>
      </div>
      <p className={consent ? 'text-green-800' : 'text-slate-600'} data-testid="photo-consent">
        {consent
          ? `The customer agreed to public photos (${consent.source === 'booking' ? 'when booking' : 'on the gallery'}).`
          : 'The customer has not agreed to public photos: they cannot be featured.'}
      </p>
      {consent && (
        <ul className="flex flex-wrap gap-2" aria-label="Feature on the business page">
          {photos.map((p, i) => {
            const on = featured.has(p.id);
            return (
              <li key={p.id}>
                <Button
                  variant={on ? 'default' : 'outline'}
                  size="sm"
                  aria-pressed={on}
                  disabled={feature.isPending}
                  onClick={() =>
                    feature.mutate(
                      { photoId: p.id, featured: !on },
                      { onError: (e) => toast.error('Not changed', { description: e.message }) },
                    )
                  }
                >
                  <Star className={on ? 'fill-current' : ''} />
                  {KIND[p.kind]} {i + 1}
                  <span className="sr-only">{on ? `: ${GALLERY_TEXT.featured}` : ': feature it'}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
