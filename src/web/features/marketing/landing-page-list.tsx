import { ExternalLink, FileText, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { seoPagePath } from '../../../shared/routes';
import { OWNER_PAGE_LIST_LIMIT, SEO_TEXT } from '../../../shared/seo.constants';
import { formatDate } from '../../../shared/time';
import { type LandingPage, useDeleteLandingPage, useLandingPages } from '../../api/marketing';
import { useBusinessTimeZone } from '../../api/scheduling';
import { SeoStatusBadge } from '../../components/seo/seo-status-badge';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

export function LandingPageList() {
  const { data, isPending, isError, error, refetch, isRefetching } = useLandingPages();
  // SEO list fetch failures are only logged (§8); the card offers a retry.
  useEffect(() => {
    if (isError) console.warn('Failed to load landing pages', error);
  }, [isError, error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Landing Pages</CardTitle>
        <CardDescription>
          The latest {OWNER_PAGE_LIST_LIMIT} pages. Complete pages are live for customers and search engines.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-sm text-slate-600">Your landing pages could not be loaded.</p>
            <Button variant="outline" onClick={() => refetch()} loading={isRefetching}>
              <RefreshCw /> Retry
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <FileText className="size-10 text-slate-300" aria-hidden="true" />
            <p className="font-semibold text-slate-900">No landing pages yet</p>
            <p className="max-w-xs text-sm text-slate-600">
              Enter a keyword, your cities and your state, then generate your first pages.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Landing pages">
            {data.items.map((page) => (
              <LandingPageRow key={page.id} page={page} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LandingPageRow({ page }: { page: LandingPage }) {
  const timeZone = useBusinessTimeZone();
  const remove = useDeleteLandingPage();
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="landing-page-row"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{page.pageTitle}</p>
          <SeoStatusBadge status={page.status} />
        </div>
        <p className="truncate text-xs text-slate-500">
          {page.city}, {page.state} · {formatDate(page.createdAt, timeZone, { weekday: false })} ·{' '}
          <span className="font-mono">{seoPagePath(page.slug)}</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {page.status === 'complete' && (
          <Button asChild variant="outline" size="sm">
            <a href={seoPagePath(page.slug)} target="_blank" rel="noopener">
              <ExternalLink /> View Live Page
            </a>
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${page.pageTitle}`}
          className="text-red-700 hover:bg-red-50"
          onClick={() => setConfirming(true)}
        >
          <Trash2 /> Delete
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this landing page?"
          description={`“${page.pageTitle}” will be taken off your site and search engines will stop finding it.`}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(page.id, {
              onSuccess: () => toast.success('Landing page deleted'),
              onError: () =>
                toast.error(SEO_TEXT.landingDeleteFailed.title, {
                  description: SEO_TEXT.landingDeleteFailed.description,
                }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      </div>
    </li>
  );
}
