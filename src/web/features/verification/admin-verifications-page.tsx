import { ArrowLeft, Check, FileText, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatCalendarDate, formatDate, viewerTimeZone } from '../../../shared/time';
import { DOCUMENT_TYPE_INFO, VERIFICATION_TEXT, verificationStatusLabel } from '../../../shared/verification';
import {
  type Review,
  type ReviewStatus,
  useApprove,
  useReject,
  useReviews,
} from '../../api/admin-verifications';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

const TONES = { pending: 'amber', verified: 'green', rejected: 'red' } as const;

/** The admin review queue: open each document, then approve or reject the business with a reason. */
export function AdminVerificationsPage() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const { data, isPending, isError, refetch, isRefetching } = useReviews(status);
  const [rejecting, setRejecting] = useState<Review | null>(null);

  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Verification Review"
        description="Open each document, then approve the business or reject it with a reason. The owner is emailed the decision."
      />
      <Tabs value={status} onValueChange={(v) => setStatus(v as ReviewStatus)}>
        <TabsList>
          <TabsTrigger value="pending">Pending</TabsTrigger>
          <TabsTrigger value="verified">Verified</TabsTrigger>
          <TabsTrigger value="rejected">Rejected</TabsTrigger>
          <TabsTrigger value="all">All</TabsTrigger>
        </TabsList>
        {/* The filtered list is the active tab's panel, so the tab's aria-controls names it. */}
        <TabsContent value={status}>
          {isPending ? (
            <RowsSkeleton rows={3} />
          ) : isError ? (
            <ErrorState
              message="Failed to fetch verification data"
              onRetry={() => refetch()}
              retrying={isRefetching}
            />
          ) : data.items.length === 0 ? (
            <EmptyState
              icon={ShieldCheck}
              title="Nothing to review"
              description="New submissions appear here as soon as an owner uploads a document."
            />
          ) : (
            <ul className="grid gap-4">
              {data.items.map((r) => (
                <ReviewCard key={r.businessId} review={r} onReject={() => setRejecting(r)} />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function ReviewCard({ review, onReject }: { review: Review; onReject: () => void }) {
  const approve = useApprove();
  const name = review.businessName || review.ownerName || review.email;
  return (
    <li>
      <Card className="p-5" data-testid="review">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
              <Badge tone={TONES[review.verificationStatus]}>
                {verificationStatusLabel(review.verificationStatus)}
              </Badge>
            </div>
            <p className="text-sm text-slate-600">
              {review.ownerName} · {review.email} · submitted{' '}
              {formatDate(review.submittedAt, viewerTimeZone(), { weekday: false })}
            </p>
            {review.rejectionReason && (
              <p className="mt-1 text-sm text-red-700">Reason: {review.rejectionReason}</p>
            )}
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              className="border-red-200 text-red-700 hover:bg-red-50"
              onClick={onReject}
              disabled={review.verificationStatus === 'rejected'}
            >
              <X /> Reject
            </Button>
            <Button
              loading={approve.isPending}
              disabled={review.verificationStatus === 'verified'}
              onClick={() =>
                approve.mutate(review.businessId, {
                  onSuccess: () =>
                    toast.success(VERIFICATION_TEXT.approved, { description: `${name} is now verified.` }),
                  onError: (e) => toast.error('Error', { description: e.message }),
                })
              }
            >
              <Check /> Approve
            </Button>
          </div>
        </div>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2" aria-label={`Documents of ${name}`}>
          {review.documents.map((d) => (
            <li key={d.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm">
              <FileText className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{DOCUMENT_TYPE_INFO[d.documentType].label}</p>
                <a
                  href={d.documentUrl}
                  target="_blank"
                  rel="noopener"
                  className="block truncate text-accent underline-offset-4 hover:underline"
                >
                  {d.documentName}
                </a>
                {d.expiryDate && (
                  <p className="text-xs text-slate-500">
                    Expires {formatCalendarDate(d.expiryDate, { weekday: false })}
                  </p>
                )}
              </div>
              <Badge tone={TONES[d.verificationStatus]}>
                {verificationStatusLabel(d.verificationStatus)}
              </Badge>
            </li>
          ))}
        </ul>
      </Card>
    </li>
  );
}

function RejectDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const reject = useReject();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!review) return;
    if (!reason.trim()) return setError(VERIFICATION_TEXT.reasonRequired);
    reject.mutate(
      { businessId: review.businessId, reason },
      {
        onSuccess: () => {
          toast.success(VERIFICATION_TEXT.rejected, {
            description: 'The owner has been emailed the reason.',
          });
          setReason('');
          onClose();
        },
        onError: (err) => toast.error('Error', { description: err.message }),
      },
    );
  };
  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
          <DialogHeader>
            <DialogTitle>Reject {review?.businessName || review?.email}</DialogTitle>
            <DialogDescription>
              The owner sees this reason on their verification page and in the email.
            </DialogDescription>
          </DialogHeader>
          <DialogBody>
            <Field id="reject-reason" label="Reason" error={error ?? undefined}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={reject.isPending}>
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
