import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { pdfLogo } from '../branding/branding.service';
import { type DocumentView, documentHtml, documentPdf } from './document-render';

export const documentLineSchema = z.object({
  serviceId: z.string().nullable(),
  serviceName: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

/** The fields every quote and invoice answers with. */
export const documentFields = {
  customerId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  items: z.array(documentLineSchema),
  subtotalCents: z.number().int(),
  taxRateBps: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  notes: z.string().nullable(),
};

/** Answers a document download: the §7 HTML file or the PDF, as an attachment that is never cached. */
export async function sendDocument(
  c: Context<AppEnv>,
  view: DocumentView,
  format: 'html' | 'pdf',
  baseName: string,
) {
  c.header('Cache-Control', 'private, no-store');
  if (format === 'pdf') {
    // A white-labelled business's logo, read from its stored file (pdfmake fetches nothing itself).
    const logo = view.business.branding?.logoUrl ? await pdfLogo(c.var.deps, view.business.id) : null;
    const pdf = await documentPdf(view, logo);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${baseName}.pdf"`);
    return c.body(new Uint8Array(pdf));
  }
  c.header('Content-Disposition', `attachment; filename="${baseName}.html"`);
  return c.html(await documentHtml(view));
}
