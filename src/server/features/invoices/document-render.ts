import { html, raw } from 'hono/html';
import pdfmake from 'pdfmake';
import type { Content, Margins, TDocumentDefinitions } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { brandTextOnWhite } from '../../../shared/branding';
import { formatCents } from '../../../shared/money';
import { formatDate } from '../../../shared/time';
import type { DocumentBusiness } from './documents';
import type { DocumentLine } from './invoices.schema';

// One view of a quote or invoice, rendered three ways: the self-contained HTML download (§7), the PDF (pdfmake),
// and the body of the public quote / pay pages. A pay link appears as a QR code in all three.

export interface DocumentView {
  kind: 'quote' | 'invoice';
  /** "Quote" or "Invoice INV-0007". */
  title: string;
  statusLabel: string;
  business: DocumentBusiness;
  customerName: string;
  customerEmail: string;
  /** [label, date] rows such as Created / Valid until or Issued / Due. */
  dates: [string, Date][];
  items: DocumentLine[];
  subtotalCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
  /** Extra rows under the total: the deposit due, the tip, payments received, the balance. */
  summary: { label: string; cents: number; strong?: boolean }[];
  notes: string | null;
  /** The public link a QR code opens (pay page or quote page). */
  link?: { url: string; caption: string };
}

pdfmake.setFonts({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});
// Documents never load anything from the network.
pdfmake.setUrlAccessPolicy(() => false);
// Only the built-in standard fonts are read from disk.
const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));

export const formatQuantity = (q: number) =>
  Number.isInteger(q) ? String(q) : q.toFixed(2).replace(/0$/, '');
export const formatRate = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

const dateText = (d: Date, timeZone: string) => formatDate(d, timeZone, { weekday: false });

export const qrDataUrl = (url: string) =>
  QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' });

export const DOCUMENT_CSS = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.45}
.doc{max-width:760px;margin:24px auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px}
.head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;border-bottom:1px solid #e2e8f0;padding-bottom:16px}
h1{font-size:22px;margin:0}h2{font-size:15px;margin:0 0 4px}.muted{color:#475569;font-size:14px}p{margin:0}
.badge{display:inline-block;border-radius:999px;background:#dbeafe;color:#1e3a8a;font-size:12px;font-weight:700;padding:2px 10px;margin-top:6px}
.meta{display:flex;flex-wrap:wrap;gap:24px;margin:16px 0}
table{width:100%;border-collapse:collapse;font-size:14px}th{text-align:left;color:#475569;font-weight:600;border-bottom:1px solid #e2e8f0;padding:8px 4px}
td{border-bottom:1px solid #f1f5f9;padding:8px 4px;vertical-align:top}.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.totals{margin-left:auto;max-width:320px;margin-top:12px;font-size:14px}.totals div{display:flex;justify-content:space-between;padding:3px 0}
.totals .strong{font-weight:800;font-size:17px;border-top:1px solid #e2e8f0;padding-top:8px;margin-top:4px}
.notes{margin-top:16px;background:#f8fafc;border-radius:10px;padding:12px;font-size:14px;white-space:pre-wrap}
.qr{display:flex;align-items:center;gap:16px;margin-top:20px;border-top:1px solid #e2e8f0;padding-top:16px}.qr img{width:120px;height:120px}
.qr a{color:#2563eb;word-break:break-all;font-size:13px}
@media (max-width:520px){.doc{margin:0;border-radius:0;border-left:0;border-right:0;padding:16px}.hide-sm{display:none}}
@media print{body{background:#fff}.doc{border:0;margin:0}.no-print{display:none}}
`;

/** The document itself (no <html> wrapper), shared by the download and the public pages. */
export function documentBody(v: DocumentView, qr: string | null) {
  const tz = v.business.timeZone;
  return html`<article class="doc" aria-label="${v.title}">
  <div class="head">
    <div>
      <h1>${v.title}</h1>
      <span class="badge" data-testid="document-status">${v.statusLabel}</span>
    </div>
    <div class="muted" style="text-align:right">
      ${v.business.branding?.logoUrl ? html`<img src="${v.business.branding.logoUrl}" alt="" style="max-height:48px;max-width:160px" data-testid="document-logo" />` : ''}
      <h2 style="color:${brandTextOnWhite(v.business.branding?.color ?? null)}">${v.business.name}</h2>
      ${v.business.address ? html`<p>${v.business.address}</p>` : ''}
      ${v.business.phone ? html`<p>${v.business.phone}</p>` : ''}
      ${v.business.email ? html`<p>${v.business.email}</p>` : ''}
    </div>
  </div>
  <div class="meta">
    <div><p class="muted">Bill to</p><p><strong>${v.customerName}</strong></p><p class="muted">${v.customerEmail}</p></div>
    ${v.dates.map(([label, d]) => html`<div><p class="muted">${label}</p><p>${dateText(d, tz)}</p></div>`)}
  </div>
  <table>
    <thead><tr><th>Service</th><th class="num">Qty</th><th class="num hide-sm">Unit price</th><th class="num">Total</th></tr></thead>
    <tbody>
      ${v.items.map(
        (i) =>
          html`<tr><td>${i.serviceName}</td><td class="num">${formatQuantity(i.quantity)}</td><td class="num hide-sm">${formatCents(i.unitPriceCents)}</td><td class="num">${formatCents(i.totalCents)}</td></tr>`,
      )}
    </tbody>
  </table>
  <div class="totals">
    <div><span>Subtotal</span><span class="num">${formatCents(v.subtotalCents)}</span></div>
    <div><span>Tax (${formatRate(v.taxRateBps)})</span><span class="num">${formatCents(v.taxCents)}</span></div>
    <div class="strong"><span>Total</span><span class="num" data-testid="document-total">${formatCents(v.totalCents)}</span></div>
    ${v.summary.map(
      (s) =>
        html`<div${s.strong ? raw(' class="strong"') : ''}><span>${s.label}</span><span class="num">${formatCents(s.cents)}</span></div>`,
    )}
  </div>
  ${v.notes ? html`<div class="notes"><strong>Notes</strong><br />${v.notes}</div>` : ''}
  ${
    v.link && qr
      ? html`<div class="qr"><img src="${qr}" alt="QR code: ${v.link.caption}" data-testid="document-qr" data-url="${v.link.url}" />
      <div><p><strong>${v.link.caption}</strong></p><a href="${v.link.url}">${v.link.url}</a></div></div>`
      : ''
  }
</article>`;
}

/** §7: the self-contained HTML file (inline styles, the QR as a data URL). */
export async function documentHtml(v: DocumentView): Promise<string> {
  const qr = v.link ? await qrDataUrl(v.link.url) : null;
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${v.title} · ${v.business.name}</title><style>${raw(DOCUMENT_CSS)}</style></head>
<body>${documentBody(v, qr)}</body></html>`;
  return (await page).toString();
}

/**
 * The same document as a PDF (pdfmake with the built-in Helvetica; nothing fetched). `logo`: a white-labelled
 * business's logo as a PNG or JPEG data URL (branding's pdfLogo), drawn above its name.
 */
export async function documentPdf(v: DocumentView, logo: string | null = null): Promise<Buffer> {
  const tz = v.business.timeZone;
  const right = { alignment: 'right' as const };
  const contact = [v.business.address, v.business.phone, v.business.email].filter(Boolean).join('\n');
  const content: Content[] = [
    {
      columns: [
        [
          { text: v.title, style: 'title' },
          { text: v.statusLabel, color: '#1e3a8a', bold: true, margin: [0, 4, 0, 0] },
        ],
        [
          ...(logo
            ? [{ image: logo, fit: [160, 48] as [number, number], ...right, margin: [0, 0, 0, 4] as Margins }]
            : []),
          {
            text: v.business.name,
            bold: true,
            color: brandTextOnWhite(v.business.branding?.color ?? null),
            ...right,
          },
          { text: contact, color: '#475569', ...right },
        ],
      ],
    },
    {
      margin: [0, 16, 0, 12],
      columns: [
        [
          { text: 'Bill to', color: '#475569' },
          { text: v.customerName, bold: true },
          { text: v.customerEmail },
        ],
        ...v.dates.map(([label, d]) => [{ text: label, color: '#475569' }, { text: dateText(d, tz) }]),
      ],
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          [
            { text: 'Service', bold: true },
            { text: 'Qty', bold: true, ...right },
            { text: 'Unit price', bold: true, ...right },
            { text: 'Total', bold: true, ...right },
          ],
          ...v.items.map((i) => [
            i.serviceName,
            { text: formatQuantity(i.quantity), ...right },
            { text: formatCents(i.unitPriceCents), ...right },
            { text: formatCents(i.totalCents), ...right },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      margin: [260, 12, 0, 0],
      table: {
        widths: ['*', 'auto'],
        body: [
          ['Subtotal', { text: formatCents(v.subtotalCents), ...right }],
          [`Tax (${formatRate(v.taxRateBps)})`, { text: formatCents(v.taxCents), ...right }],
          [
            { text: 'Total', bold: true },
            { text: formatCents(v.totalCents), bold: true, ...right },
          ],
          ...v.summary.map((s) => [
            { text: s.label, bold: Boolean(s.strong) },
            { text: formatCents(s.cents), bold: Boolean(s.strong), ...right },
          ]),
        ],
      },
      layout: 'noBorders',
    },
  ];
  if (v.notes) content.push({ margin: [0, 16, 0, 0], text: [{ text: 'Notes\n', bold: true }, v.notes] });
  if (v.link) {
    content.push({
      margin: [0, 20, 0, 0],
      columns: [
        { image: await qrDataUrl(v.link.url), width: 110 },
        [
          { text: v.link.caption, bold: true },
          { text: v.link.url, link: v.link.url, color: '#2563eb', fontSize: 9 },
        ],
      ],
      columnGap: 12,
    });
  }
  const definition: TDocumentDefinitions = {
    info: { title: `${v.title} · ${v.business.name}` },
    content,
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    styles: { title: { fontSize: 20, bold: true } },
  };
  return pdfmake.createPdf(definition).getBuffer();
}
