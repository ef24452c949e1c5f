import { CheckCircle2, Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { DOCUMENT_TYPES, VERIFICATION_REQUIREMENTS, VERIFICATION_TEXT } from '../../../shared/verification';
import { useVerification, type VerificationData } from '../../api/verification';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CardGridSkeleton, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { useErrorToast } from '../../lib/use-error-toast';
import { DocumentCard } from './document-card';

export function VerificationPage() {
  const { data, isPending, isError, errorUpdatedAt, refetch, isRefetching } = useVerification();
  useErrorToast(isError, VERIFICATION_TEXT.fetchFailed, errorUpdatedAt);
  return (
    <div>
      <PageHeader
        title="Business Verification"
        description="Verified businesses earn the badge customers look for. We review documents within 24 hours."
      />
      {isPending ? (
        <CardGridSkeleton count={4} />
      ) : isError ? (
        <ErrorState
          message={VERIFICATION_TEXT.fetchFailed}
          onRetry={() => refetch()}
          retrying={isRefetching}
        />
      ) : (
        <div className="grid gap-6">
          <StatusBanner verification={data.verification} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div className="grid gap-4 sm:grid-cols-2">
              {DOCUMENT_TYPES.map((type) => (
                <DocumentCard
                  key={type}
                  type={type}
                  latest={data.documents.find((d) => d.documentType === type)}
                />
              ))}
            </div>
            <Card className="self-start">
              <CardHeader>
                <CardTitle>Requirements</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2 text-sm text-slate-700">
                  {VERIFICATION_REQUIREMENTS.map((r) => (
                    <li key={r} className="flex gap-2">
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                      {r}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}

function StatusBanner({ verification }: { verification: VerificationData['verification'] }) {
  if (!verification) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
        Upload your documents below. Your review starts with the first upload.
      </div>
    );
  }
  if (verification.verificationStatus === 'verified') {
    return (
      <div role="status" className="flex gap-3 rounded-xl border border-green-300 bg-green-50 p-4">
        <ShieldCheck className="size-5 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <p className="font-semibold text-green-900">Your business is verified</p>
          <p className="text-sm text-green-800">Customers see the verified badge on your pages.</p>
        </div>
      </div>
    );
  }
  if (verification.verificationStatus === 'rejected') {
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4">
        <ShieldAlert className="size-5 shrink-0 text-red-700" aria-hidden="true" />
        <div>
          <p className="font-semibold text-red-900">Verification was not approved</p>
          <p className="text-sm text-red-800" data-testid="rejection-reason">
            Reason: {verification.rejectionReason}
          </p>
          <p className="mt-1 text-sm text-red-800">Upload updated documents below to request a new review.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <Clock className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div>
        <p className="font-semibold text-amber-950">Pending review</p>
        <p className="text-sm text-amber-900">
          We are reviewing your documents and will email you the decision.
        </p>
      </div>
    </div>
  );
}
