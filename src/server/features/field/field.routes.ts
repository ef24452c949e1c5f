import { createRoute, z } from '@hono/zod-openapi';
import {
  bookingFieldSchema,
  checkInInputSchema,
  checklistResultSchema,
  checklistToggleInputSchema,
  checkOutInputSchema,
  completeInputSchema,
  fieldActionResultSchema,
  fieldBoardQuerySchema,
  fieldBoardSchema,
  fieldJobListSchema,
  fieldJobSchema,
  fieldJobsQuerySchema,
  fieldPhotoResultSchema,
  materialInputSchema,
  materialResultSchema,
  noteInputSchema,
  noteResultSchema,
  onMyWayInputSchema,
  PHOTO_KINDS,
  photoFieldsSchema,
} from '../../../shared/field';
import { requireOwner, requireUser } from '../../access/guards';
import { assertOwnJob, viewerOf } from '../../access/technician-access';
import { invalid } from '../../http/errors';
import { requireIdempotencyKey } from '../../http/idempotency';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { fieldBoard } from './field-board.service';
import { fieldFile } from './field-files.service';
import { bookingField, fieldJob, fieldJobList } from './field-read.service';
import {
  addMaterial,
  addNote,
  addPhoto,
  checkIn,
  checkOut,
  completeJob,
  onMyWay,
  toggleChecklistItem,
} from './field-write.service';

// The technician's field API and the owner's field reads (issue 26, contract in src/shared/field.ts). Every write
// takes an Idempotency-Key (decision 1170); a technician reaches only their own jobs (decision 1160).

const tags = ['Field'];
const keyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .openapi({ description: 'Client-made (a UUID); a replay answers the first answer and writes nothing' }),
});
const writeErrors = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: {
    description: 'A request with this Idempotency-Key is still being processed',
    content: errorResponses[409].content,
  },
  422: {
    description: 'The Idempotency-Key was used with another request',
    content: errorResponses[409].content,
  },
};
const readErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };
const jobParams = idParamSchema;

function write<B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, body: B, result: R) {
  return createRoute({
    method: 'post',
    path: `/jobs/{id}/${path}`,
    tags,
    summary,
    request: {
      params: jobParams,
      headers: keyHeader,
      body: { content: { 'application/json': { schema: body } }, required: true },
    },
    responses: { 200: json(result), ...writeErrors },
  });
}

const listRoute = createRoute({
  method: 'get',
  path: '/jobs',
  tags,
  summary:
    "Jobs between two business days (≤ 14): a technician's own assigned ones, the owner's all, by start time",
  request: { query: fieldJobsQuerySchema },
  responses: {
    200: json(fieldJobListSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/jobs/{id}',
  tags,
  summary: 'One job with its customer, vehicle, address, checklist and field record',
  request: { params: jobParams },
  responses: { 200: json(fieldJobSchema), ...readErrors },
});
const onMyWayRoute = write(
  'on-my-way',
  'On my way: the customer is told the ETA by email and SMS',
  onMyWayInputSchema,
  fieldActionResultSchema,
);
const checkInRoute = write(
  'check-in',
  'Check in: the job goes in progress; the position is kept',
  checkInInputSchema,
  fieldActionResultSchema,
);
const checkOutRoute = write(
  'check-out',
  'Check out of the job',
  checkOutInputSchema,
  fieldActionResultSchema,
);
const noteRoute = write('notes', 'A note on the job', noteInputSchema, noteResultSchema);
const materialRoute = write(
  'materials',
  'Materials used beyond the service’s standard supplies (taken from stock)',
  materialInputSchema,
  materialResultSchema,
);
const completeRoute = write(
  'complete',
  'Complete the job with the customer’s signature: the same completion as the owner’s (receipt, review request, points)',
  completeInputSchema,
  fieldActionResultSchema,
);
const checklistRoute = createRoute({
  method: 'put',
  path: '/jobs/{id}/checklist/{itemId}',
  tags,
  summary: 'Tick or untick a checklist item (the latest tap on the phone wins)',
  request: {
    params: jobParams.extend({ itemId: z.string().openapi({ param: { name: 'itemId', in: 'path' } }) }),
    headers: keyHeader,
    body: { content: { 'application/json': { schema: checklistToggleInputSchema } }, required: true },
  },
  responses: { 200: json(checklistResultSchema), ...writeErrors },
});
const photoRoute = createRoute({
  method: 'post',
  path: '/jobs/{id}/photos',
  tags,
  summary:
    'A before or after photo (JPEG, PNG, WebP; checked by its bytes, 415 otherwise); a thumbnail is made',
  request: {
    params: jobParams,
    headers: keyHeader,
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            kind: z.enum(PHOTO_KINDS),
            deviceTime: z.string(),
            file: z.any().openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(fieldPhotoResultSchema),
    ...writeErrors,
    413: { description: 'Too large', content: errorResponses[400].content },
    415: { description: 'Not a JPEG, PNG or WebP image', content: errorResponses[400].content },
  },
});
const imageResponse = {
  description: 'The image',
  content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
};
const photoFileRoute = createRoute({
  method: 'get',
  path: '/photos/{id}',
  tags,
  summary: 'A field photo (private: the business’s, a technician’s own jobs’); ?size=thumb for its thumbnail',
  request: { params: idParamSchema, query: z.object({ size: z.enum(['thumb', 'full']).optional() }) },
  responses: { 200: imageResponse, ...readErrors },
});
const signatureRoute = createRoute({
  method: 'get',
  path: '/jobs/{id}/signature',
  tags,
  summary: 'The customer’s signature on completion (PNG)',
  request: { params: jobParams },
  responses: { 200: imageResponse, ...readErrors },
});
const boardRoute = createRoute({
  method: 'get',
  path: '/board',
  tags,
  summary: 'The day’s board: each technician’s current job, latest field event and jobs done (owner only)',
  request: { query: fieldBoardQuerySchema },
  responses: { 200: json(fieldBoardSchema), 400: errorResponses[400], ...readErrors },
});

const router = createRouter();
// Only the paths of this router: the timesheets' shift routes share /api/field.
router.use('/jobs', requireUser);
router.use('/jobs/*', requireUser, requireIdempotencyKey);
router.use('/photos/*', requireUser);
router.use('/board', requireUser, requireOwner);

// Registered one by one rather than chained: the chain's type (the answers' unions of every route) is more than
// TypeScript can represent; the field app types its requests and answers with src/shared/field.ts instead.
router.openapi(listRoute, async (c) =>
  c.json(await fieldJobList(c.var.deps.db, viewerOf(c), c.req.valid('query')), 200),
);
router.openapi(getRoute, async (c) =>
  c.json(await fieldJob(c.var.deps.db, viewerOf(c), c.req.valid('param').id), 200),
);
router.openapi(onMyWayRoute, async (c) =>
  c.json(await onMyWay(c.var.deps, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(checkInRoute, async (c) =>
  c.json(await checkIn(c.var.deps, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(checkOutRoute, async (c) =>
  c.json(await checkOut(c.var.deps, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(noteRoute, async (c) =>
  c.json(await addNote(c.var.deps, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(materialRoute, async (c) =>
  c.json(await addMaterial(c.var.deps, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(completeRoute, async (c) =>
  c.json(await completeJob(c.var.deps, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(checklistRoute, async (c) => {
  const { id, itemId } = c.req.valid('param');
  return c.json(await toggleChecklistItem(c.var.deps, viewerOf(c), id, itemId, c.req.valid('json')), 200);
});
router.openapi(photoRoute, async (c) => {
  const form = await c.req.formData();
  const fields = photoFieldsSchema.safeParse({ kind: form.get('kind'), deviceTime: form.get('deviceTime') });
  if (!fields.success) throw invalid(fields.error.issues[0]?.message ?? 'Invalid input');
  const file = form.get('file');
  if (!file || typeof file === 'string') throw invalid('Attach the photo as `file`');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = await addPhoto(c.var.deps, viewerOf(c), c.req.valid('param').id, fields.data, {
    name: file.name,
    type: file.type,
    bytes,
  });
  return c.json(result, 200);
});
router.openapi(photoFileRoute, async (c) => {
  const size = c.req.valid('query').size === 'thumb' ? 'thumb' : 'full';
  const file = await fieldFile(c.var.deps, viewerOf(c), { photoId: c.req.valid('param').id, size });
  return privateImage(file);
});
router.openapi(signatureRoute, async (c) => {
  const file = await fieldFile(c.var.deps, viewerOf(c), { signatureOf: c.req.valid('param').id });
  return privateImage(file);
});
router.openapi(boardRoute, async (c) =>
  c.json(await fieldBoard(c.var.deps.db, c.var.businessId, c.req.valid('query').date), 200),
);

/** The technician's field API, mounted at /api/field. */
export const fieldApi = router;

// biome-ignore lint/suspicious/noExplicitAny: an image body is not JSON; the route documents it as binary.
function privateImage(file: { body: Uint8Array; contentType: string }): any {
  return new Response(Buffer.from(file.body), {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
}

const bookingFieldRoute = createRoute({
  method: 'get',
  path: '/{id}/field',
  tags,
  summary: 'What happened on the job in the field: timeline, photos, checklist, signature, materials, notes',
  request: { params: idParamSchema },
  responses: { 200: json(bookingFieldSchema), ...readErrors },
});
const bookingRouter = createRouter();
bookingRouter.use('/:id/field', requireUser);

bookingRouter.openapi(bookingFieldRoute, async (c) => {
  const { id } = c.req.valid('param');
  await assertOwnJob(c.var.deps.db, viewerOf(c), id);
  return c.json(await bookingField(c.var.deps.db, c.var.businessId, id), 200);
});

/** Mounted beside the bookings feature at /api/bookings. */
export const bookingFieldApi = bookingRouter;
