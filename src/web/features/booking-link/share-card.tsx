import { useQuery } from '@tanstack/react-query';
import { Copy, Download, ExternalLink } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BOOKING_LINK_TEXT } from '../../../shared/booking-link';
import { bookingLinkQuery } from '../../api/booking-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';

/** A "Book now" button any website can paste in: plain HTML with inline styles, no script. */
export function bookNowSnippet(url: string) {
  return `<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#2563eb;color:#fff;font:600 16px/1.2 system-ui,sans-serif;text-decoration:none">Book now</a>`;
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied', { description: `${what} copied to the clipboard` });
  } catch {
    toast.error('Could not copy', { description: 'Select the text and copy it yourself.' });
  }
}

/** Dashboard: the business's booking link to share — copy it, print its QR code, or embed a Book now button. */
export function ShareCard() {
  const link = useQuery(bookingLinkQuery);
  const [qr, setQr] = useState<string | null>(null);
  const url = link.data?.url;
  useEffect(() => {
    if (!url) return;
    let live = true;
    QRCode.toDataURL(url, { width: 480, margin: 1 }).then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Share your booking page</CardTitle>
        <CardDescription>
          Customers book and pay at this link: put it on your van, cards and website.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {link.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Could not load your booking link.{' '}
            <button type="button" className="underline" onClick={() => link.refetch()}>
              Try again
            </button>
          </p>
        ) : link.isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-slate-100" />
        ) : !url ? (
          // No name yet, so no link (decision 0955): a link made now would read /book/detailer for good.
          <p className="text-sm text-slate-700">
            {BOOKING_LINK_TEXT.needsName}{' '}
            <Link className="font-medium text-accent underline" to="/business-profile">
              Add your business name
            </Link>
          </p>
        ) : (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="booking-link">Booking link</Label>
              <div className="flex flex-wrap gap-2">
                <input
                  id="booking-link"
                  readOnly
                  value={url}
                  // At least 14rem wide: on a phone the buttons go to the next line instead of squeezing the link.
                  className="min-w-0 flex-[1_1_14rem] rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button type="button" variant="outline" onClick={() => copy(url, 'Link')}>
                  <Copy /> Copy link
                </Button>
                <Button asChild variant="outline">
                  <a href={url} target="_blank" rel="noopener">
                    <ExternalLink /> Open
                  </a>
                </Button>
              </div>
            </div>
            <div className="flex flex-wrap items-start gap-4">
              {qr && (
                <img
                  src={qr}
                  alt={`QR code for ${url}`}
                  className="size-32 rounded-md border border-slate-200"
                />
              )}
              {/* Under the QR code when the two do not fit side by side (a phone). */}
              <div className="grid min-w-0 flex-[1_1_14rem] gap-2">
                {qr && (
                  <Button asChild variant="outline" className="justify-self-start">
                    <a href={qr} download={`${link.data?.slug ?? 'booking'}-qr.png`}>
                      <Download /> Download QR code
                    </a>
                  </Button>
                )}
                <Label htmlFor="book-now-snippet">“Book now” button for your website</Label>
                <textarea
                  id="book-now-snippet"
                  readOnly
                  rows={3}
                  value={bookNowSnippet(url)}
                  className="w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => copy(bookNowSnippet(url), 'Button code')}
                >
                  <Copy /> Copy button code
                </Button>
              </div>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
