import { ExternalLink, FileSearch, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { seoPagePath } from '../../../shared/routes';
import { ADMIN_PAGE_LIST_LIMIT, deletedText, SEO_TEXT } from '../../../shared/seo.constants';
import {
  type PlatformPage,
  useDeleteAllPlatformPages,
  useDeletePlatformPage,
  usePlatformPages,
} from '../../api/admin-seo';
import { SeoStatusBadge } from '../../components/seo/seo-status-badge';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { SearchField } from '../../components/ui/search-field';
import { Skeleton } from '../../components/ui/skeleton';
import { TableHead } from '../../components/ui/table-head';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** The generated pages (§2): searchable by title, city or state, newest first, at most 100 rows. */
export function GeneratedPagesCard({ generating }: { generating: boolean }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const { data, isPending, isError, error, refetch, isRefetching } = usePlatformPages(term, generating);
  const deleteAll = useDeleteAllPlatformPages();
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  useEffect(() => {
    // SEO list fetch failures are only logged (§8); the card offers a retry.
    if (isError) console.warn('Failed to load SEO pages', error);
  }, [isError, error]);

  const empty = !term && data?.items.length === 0;
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle>Generated Pages</CardTitle>
          <CardDescription>
            {data?.nextCursor
              ? `Showing the newest ${ADMIN_PAGE_LIST_LIMIT} ${term ? 'matching pages' : 'platform pages'}.`
              : 'Platform landing pages, newest first.'}
          </CardDescription>
        </div>
        <Button
          variant="destructive"
          disabled={empty}
          loading={deleteAll.isPending}
          onClick={() => setConfirmDeleteAll(true)}
        >
          <Trash2 /> Delete All Generated Pages
        </Button>
        <ConfirmDialog
          open={confirmDeleteAll}
          onOpenChange={setConfirmDeleteAll}
          title="Delete all generated pages?"
          description="Every platform SEO page will be deleted and taken off the site, not only the ones listed. A generation in progress is stopped. Pages that belong to businesses are not affected."
          confirmLabel="Delete All"
          busy={deleteAll.isPending}
          onConfirm={() =>
            deleteAll.mutate(undefined, {
              onSuccess: (r) =>
                toast.success(SEO_TEXT.adminDeleted.title, { description: deletedText(r.deleted) }),
              onError: () =>
                toast.error(SEO_TEXT.adminDeleteFailed.title, {
                  description: SEO_TEXT.adminDeleteFailed.description,
                }),
              onSettled: () => setConfirmDeleteAll(false),
            })
          }
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          label="Search pages by title, city or state"
          placeholder="Search by title, city or state"
          value={search}
          onChange={setSearch}
          className="sm:max-w-sm"
        />
        {isPending ? (
          <div className="grid gap-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-sm text-slate-600">The pages could not be loaded.</p>
            <Button variant="outline" onClick={() => refetch()} loading={isRefetching}>
              <RefreshCw /> Retry
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <FileSearch className="size-10 text-slate-300" aria-hidden="true" />
            <p className="font-semibold text-slate-900">
              {term ? 'No pages match your search' : 'No pages generated yet'}
            </p>
            <p className="max-w-sm text-sm text-slate-600">
              {term
                ? 'Try a city, a state or a word from the title.'
                : 'Choose keywords and states above, then generate your first pages.'}
            </p>
          </div>
        ) : (
          <PagesTable pages={data.items} />
        )}
      </CardContent>
    </Card>
  );
}

function PagesTable({ pages }: { pages: PlatformPage[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHead
          variant="inline"
          from="md"
          columns={[
            { label: 'Title' },
            { label: 'City' },
            { label: 'State' },
            { label: 'Vehicle' },
            { label: 'Keywords' },
            { label: 'Status' },
            { label: 'Actions', align: 'right', hidden: true },
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {pages.map((page) => (
            <PageRow key={page.id} page={page} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PageRow({ page }: { page: PlatformPage }) {
  const remove = useDeletePlatformPage();
  const [confirming, setConfirming] = useState(false);
  const vehicle = page.vehicleMake ? `${page.vehicleMake} ${page.vehicleModel ?? ''}`.trim() : '—';
  return (
    // On phones each row is a card-like block; from md up it is a table row.
    <tr className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-3 md:table-row" data-testid="seo-page-row">
      <td className="col-span-2 font-medium text-slate-900 md:py-3 md:pr-3">{page.pageTitle}</td>
      <td className="text-slate-600 md:py-3 md:pr-3">
        <span className="md:hidden">{`${page.city}, ${page.state}`}</span>
        <span className="hidden md:inline">{page.city}</span>
      </td>
      <td className="hidden text-slate-600 md:table-cell md:py-3 md:pr-3">{page.state}</td>
      <td className="text-slate-600 md:py-3 md:pr-3">{vehicle}</td>
      <td className="md:py-3 md:pr-3">
        <div className="flex flex-wrap gap-1">
          {page.keywords.map((k) => (
            <Badge key={k} tone="accent" className="whitespace-nowrap">
              {k}
            </Badge>
          ))}
        </div>
      </td>
      <td className="md:py-3 md:pr-3">
        <SeoStatusBadge status={page.status} />
      </td>
      <td className="col-span-2 md:py-3">
        <div className="flex gap-1 md:justify-end">
          {page.status === 'complete' && (
            <Button asChild variant="link" size="sm" className="px-0 md:px-3">
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
            <Trash2 />
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete this SEO page?"
            description={`“${page.pageTitle}” will be deleted and taken off the site.`}
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(page.id, {
                onSuccess: () => toast.success(SEO_TEXT.adminDeleted.title, { description: deletedText(1) }),
                onError: () =>
                  toast.error(SEO_TEXT.adminDeleteFailed.title, {
                    description: SEO_TEXT.adminDeleteFailed.description,
                  }),
                onSettled: () => setConfirming(false),
              })
            }
          />
        </div>
      </td>
    </tr>
  );
}
