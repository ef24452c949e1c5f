import { Download, FileText } from 'lucide-react';
import { formatDate } from '../../../shared/time';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Button } from '../../components/ui/button';

/** Dates on the quote and invoice lists, in the business's time zone (decision 1163). */
export function useShortDate() {
  const timeZone = useBusinessTimeZone();
  return (iso: string) => formatDate(iso, timeZone, { weekday: false });
}

/** The HTML (§7) and PDF downloads of a quote or invoice. */
export function DocumentDownloads({ url }: { url: (format: 'html' | 'pdf') => string }) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <a href={url('html')} download>
          <Download /> HTML
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={url('pdf')} download>
          <FileText /> PDF
        </a>
      </Button>
    </>
  );
}
