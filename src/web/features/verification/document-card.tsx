import { FileCheck2, FileText, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatCalendarDate, formatDate } from '../../../shared/time';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_EXTENSIONS,
  DOCUMENT_TYPE_INFO,
  type DocumentType,
  MAX_UPLOAD_BYTES,
  VERIFICATION_TEXT,
  verificationStatusLabel,
} from '../../../shared/verification';
import { useBusinessTimeZone } from '../../api/scheduling';
import { useUploadDocument, type VerificationDocument } from '../../api/verification';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

const TONES = { pending: 'amber', verified: 'green', rejected: 'red' } as const;
const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
// A calendar date (an expiry) as it is; an instant (an upload) on the viewer's clock (decision 1136).
const day = (iso: string, timeZone: string) =>
  iso.length === 10
    ? formatCalendarDate(iso, { weekday: false })
    : formatDate(iso, timeZone, { weekday: false });

/** One of the four upload cards: the latest document of its type and an upload button. */
export function DocumentCard({
  type,
  latest,
}: {
  type: DocumentType;
  latest: VerificationDocument | undefined;
}) {
  const timeZone = useBusinessTimeZone();
  const info = DOCUMENT_TYPE_INFO[type];
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const [expiry, setExpiry] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const isInsurance = type === 'insurance_certificate';
  const inputId = `file-${type}`;

  const choose = () => {
    if (isInsurance && !expiry) {
      setExpiryError(VERIFICATION_TEXT.expiryRequired);
      return document.getElementById(`expiry-${type}`)?.focus();
    }
    setExpiryError(null);
    input.current?.click();
  };

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const ext = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
    if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext))
      return toast.error('Error', { description: VERIFICATION_TEXT.unsupported });
    if (file.size > MAX_UPLOAD_BYTES)
      return toast.error('Error', { description: VERIFICATION_TEXT.tooLarge });
    try {
      await upload.mutateAsync({ documentType: type, file, expiryDate: isInsurance ? expiry : undefined });
      toast.success('Success', { description: VERIFICATION_TEXT.uploaded });
      setExpiry('');
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-5" data-testid={`document-card-${type}`}>
      <div className="flex items-start gap-3">
        {latest ? (
          <FileCheck2 className="mt-0.5 size-6 shrink-0 text-green-600" aria-hidden="true" />
        ) : (
          <FileText className="mt-0.5 size-6 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{info.label}</h2>
          <p className="text-sm text-slate-600">{info.description}</p>
        </div>
      </div>
      {latest && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <a
              href={latest.documentUrl}
              target="_blank"
              rel="noopener"
              className="min-w-0 truncate font-medium text-accent underline-offset-4 hover:underline"
            >
              {latest.documentName}
            </a>
            <Badge tone={TONES[latest.verificationStatus]}>
              {verificationStatusLabel(latest.verificationStatus)}
            </Badge>
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {size(latest.fileSize)} · uploaded {day(latest.createdAt, timeZone)}
            {latest.expiryDate && ` · expires ${day(latest.expiryDate, timeZone)}`}
          </p>
        </div>
      )}
      {isInsurance && (
        <Field id={`expiry-${type}`} label="Insurance expiry date" error={expiryError ?? undefined}>
          <Input
            id={`expiry-${type}`}
            type="date"
            value={expiry}
            aria-invalid={!!expiryError}
            onChange={(e) => {
              setExpiry(e.target.value);
              setExpiryError(null);
            }}
          />
        </Field>
      )}
      <div className="mt-auto">
        <label htmlFor={inputId} className="sr-only">
          {info.label} file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button
          variant={latest ? 'outline' : 'default'}
          className="h-auto min-h-10 w-full py-2 whitespace-normal"
          onClick={choose}
          loading={upload.isPending}
        >
          <Upload /> {latest ? 'Upload New' : 'Upload'} {info.label}
        </Button>
        <p className="mt-2 text-xs text-slate-500">PDF, JPG or PNG, up to 10MB</p>
      </div>
    </Card>
  );
}
