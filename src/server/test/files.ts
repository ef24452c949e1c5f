// Tiny real files for upload tests: each starts with its format's magic bytes.

export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A 1×1 transparent PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

/** The start of a JPEG (SOI + JFIF APP0). */
export const JPEG_BYTES = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);

/** A Windows executable's DOS header ("MZ") and PE signature. */
export function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a], 0);
  bytes.set([0x80, 0x00, 0x00, 0x00], 0x3c);
  bytes.set([0x50, 0x45, 0x00, 0x00, 0x4c, 0x01], 0x80);
  return bytes;
}

/** A PDF padded to the given size. */
export function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PDF_BYTES, 0);
  return bytes;
}
