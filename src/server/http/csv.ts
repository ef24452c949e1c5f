/**
 * A CSV cell: quoted when needed, and never starting with a formula character (CSV injection) — except a plain
 * number such as -6.30, which a spreadsheet reads as a number, not a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text (CRLF line ends, as RFC 4180 and spreadsheet apps expect). */
export const csvOf = (rows: Array<Array<string | number | null>>) =>
  `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
