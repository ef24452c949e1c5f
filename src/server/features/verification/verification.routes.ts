import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  DOCUMENT_TYPES,
  MAX_UPLOAD_BYTES,
  VERIFICATION_STATUSES,
  VERIFICATION_TEXT,
} from '../../../shared/verification';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorBodySchema, errorResponses, json } from '../../http/openapi';
import type { FileStorage } from '../../providers/storage/storage';
import { getDocumentFile, getVerification, uploadDocument } from './verification.service';

export const documentSchema = z
  .object({
    id: z.string(),
    documentType: z.enum(DOCUMENT_TYPES),
    documentName: z.string(),
    fileSize: z.number().int(),
    mimeType: z.string(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    expiryDate: z.string().nullable(),
    createdAt: z.string(),
    documentUrl: z.string(),
  })
  .openapi('VerificationDocument');

const verificationSchema = z
  .object({
    verification: z
      .object({
        verificationStatus: z.enum(VERIFICATION_STATUSES),
        rejectionReason: z.string().nullable(),
        submittedAt: z.string(),
        reviewedAt: z.string().nullable(),
      })
      .nullable(),
    documents: z.array(documentSchema),
  })
  .openapi('Verification');

const uploadForm = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: VERIFICATION_TEXT.typeRequired }),
  expiryDate: z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .pipe(z.iso.date(VERIFICATION_TEXT.expiryInvalid).nullable()),
  file: z
    .custom<File>((v) => v instanceof File, { message: VERIFICATION_TEXT.fileRequired })
    .openapi({ type: 'string', format: 'binary' }),
});

const tags = ['Verification'];

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Your verification status and uploaded documents',
  responses: { 200: json(verificationSchema), 401: errorResponses[401] },
});
const uploadRoute = createRoute({
  method: 'post',
  path: '/documents',
  tags,
  summary: 'Upload a document (PDF, JPG or PNG by content; at most 10MB)',
  request: { body: { content: { 'multipart/form-data': { schema: uploadForm } }, required: true } },
  responses: {
    201: json(documentSchema, 'Uploaded'),
    400: errorResponses[400],
    401: errorResponses[401],
    413: { description: 'File too large', content: { 'application/json': { schema: errorBodySchema } } },
    415: {
      description: 'Not a PDF, JPG or PNG',
      content: { 'application/json': { schema: errorBodySchema } },
    },
  },
});
const fileRoute = createRoute({
  method: 'get',
  path: '/documents/{id}/file',
  tags,
  summary: 'The document file, for its owner or an admin',
  request: { params: idParamSchema },
  responses: {
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

function storageOf(storage: FileStorage | undefined): FileStorage {
  if (!storage) throw new Error('File storage is not configured');
  return storage;
}

export const verificationRoutes = createRouter();
verificationRoutes.use('*', requireUser, requireOwnerForWrites);
// Room for the multipart envelope around a 10MB file; the file itself is checked exactly in the service.
verificationRoutes.use(
  '/documents',
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + 256 * 1024,
    onError: (c) => c.json({ error: { message: VERIFICATION_TEXT.tooLarge } }, 413),
  }),
);

export const verificationApi = verificationRoutes
  .openapi(getRoute, async (c) => c.json(await getVerification(c.var.deps.db, c.var.businessId), 200))
  .openapi(uploadRoute, async (c) => {
    const form = c.req.valid('form');
    const doc = await uploadDocument(
      { db: c.var.deps.db, storage: storageOf(c.var.deps.storage) },
      c.var.businessId,
      c.var.user.id,
      {
        documentType: form.documentType,
        fileName: form.file.name || 'document',
        bytes: new Uint8Array(await form.file.arrayBuffer()),
        expiryDate: form.expiryDate,
      },
    );
    return c.json(doc, 201);
  })
  .openapi(fileRoute, async (c) => {
    const { doc, file } = await getDocumentFile(
      { db: c.var.deps.db, storage: storageOf(c.var.deps.storage) },
      c.var.user.id,
      c.req.valid('param').id,
    );
    const safeName = doc.documentName.replace(/[^\w.\- ]+/g, '_');
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': doc.mimeType,
      'Content-Length': String(file.size),
      'Content-Disposition': `inline; filename="${safeName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
  });
