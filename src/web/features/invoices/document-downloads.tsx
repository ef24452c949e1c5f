import { Download, FileText } from 'lucide-react';
import { formatDate, viewerTimeZone } from '../../../shared/time';
import { Button } from '../../components/ui/button';

export const shortDate = (iso: string) => formatDate(iso, viewerTimeZone(), { weekday: false });

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
