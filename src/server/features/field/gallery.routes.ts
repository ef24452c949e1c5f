import { createRoute, z } from '@hono/zod-openapi';
import {
  featurePhotoInputSchema,
  ownerGallerySchema,
  photoConsentInputSchema,
  publicGallerySchema,
} from '../../../shared/gallery';
import { requireOwner, requireUser } from '../../access/guards';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import {
  featuredPhotoFile,
  featurePhoto,
  galleryPhotoFile,
  ownerGallery,
  publicGallery,
  setGalleryConsent,
} from './gallery.service';

// The customer's before/after gallery by its signed link, their consent, the featured photos of a business's public
// page, and the owner's gallery controls (decision 1244).

const tags = ['Gallery'];
const tokenParams = z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' } }) });
const photoParams = tokenParams.extend({
  photoId: z.string().openapi({ param: { name: 'photoId', in: 'path' } }),
});
const imageResponse = {
  description: 'The image',
  content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
};
const notFound = { 404: errorResponses[404] };

const galleryRoute = createRoute({
  method: 'get',
  path: '/gallery/{token}',
  tags,
  summary: "A completed job's before and after photos, by the link sent to the customer",
  request: { params: tokenParams },
  responses: { 200: json(publicGallerySchema), ...notFound },
});
const galleryPhotoRoute = createRoute({
  method: 'get',
  path: '/gallery/{token}/photos/{photoId}',
  tags,
  summary: 'One photo of the gallery (?size=thumb for its thumbnail)',
  request: { params: photoParams, query: z.object({ size: z.enum(['thumb', 'full']).optional() }) },
  responses: { 200: imageResponse, ...notFound },
});
const consentRoute = createRoute({
  method: 'put',
  path: '/gallery/{token}/consent',
  tags,
  summary: 'The customer agrees (or no longer agrees) to the business showing these photos publicly',
  request: {
    params: tokenParams,
    body: { content: { 'application/json': { schema: photoConsentInputSchema } }, required: true },
  },
  responses: {
    200: json(photoConsentInputSchema),
    400: errorResponses[400],
    ...notFound,
  },
});
const featuredFileRoute = createRoute({
  method: 'get',
  path: '/featured-photos/{id}',
  tags,
  summary: "A photo the business features on its public page (only while the customer's consent stands)",
  request: { params: idParamSchema },
  responses: { 200: imageResponse, ...notFound },
});

// biome-ignore lint/suspicious/noExplicitAny: an image body is not JSON; the route documents it as binary.
function image(file: { body: Uint8Array; contentType: string }, cache: string): any {
  return new Response(Buffer.from(file.body), {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'cache-control': cache,
      'x-content-type-options': 'nosniff',
    },
  });
}

const publicRouter = createRouter();
publicRouter.openapi(galleryRoute, async (c) =>
  c.json(await publicGallery(c.var.deps, c.req.valid('param').token), 200),
);
publicRouter.openapi(galleryPhotoRoute, async (c) => {
  const { token, photoId } = c.req.valid('param');
  const size = c.req.valid('query').size === 'thumb' ? 'thumb' : 'full';
  return image(await galleryPhotoFile(c.var.deps, token, photoId, size), 'private, max-age=86400');
});
publicRouter.openapi(consentRoute, async (c) =>
  c.json(await setGalleryConsent(c.var.deps, c.req.valid('param').token, c.req.valid('json').consent), 200),
);
publicRouter.openapi(featuredFileRoute, async (c) =>
  image(await featuredPhotoFile(c.var.deps, c.req.valid('param').id), 'public, max-age=300'),
);

/** Mounted at /api/public: no session; the token or the photo's featured state is the key. */
export const galleryPublicApi = publicRouter;

const ownerGalleryRoute = createRoute({
  method: 'get',
  path: '/{id}/gallery',
  tags,
  summary:
    "The booking's gallery link, the customer's photo consent and which photos are featured (owner only)",
  request: { params: idParamSchema },
  responses: {
    200: json(ownerGallerySchema),
    401: errorResponses[401],
    403: errorResponses[403],
    ...notFound,
  },
});
const featureRoute = createRoute({
  method: 'put',
  path: '/{id}/photos/{photoId}/featured',
  tags,
  summary: 'Feature a photo on the public business page, or stop (409 without the customer’s consent)',
  request: {
    params: idParamSchema.extend({ photoId: z.string().openapi({ param: { name: 'photoId', in: 'path' } }) }),
    body: { content: { 'application/json': { schema: featurePhotoInputSchema } }, required: true },
  },
  responses: {
    200: json(z.object({ id: z.string(), featured: z.boolean() })),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    ...notFound,
    409: errorResponses[409],
  },
});

const ownerRouter = createRouter();
ownerRouter.use('/:id/gallery', requireUser, requireOwner);
ownerRouter.use('/:id/photos/*', requireUser, requireOwner);
ownerRouter.openapi(ownerGalleryRoute, async (c) =>
  c.json(await ownerGallery(c.var.deps, c.var.businessId, c.req.valid('param').id), 200),
);
ownerRouter.openapi(featureRoute, async (c) => {
  const { id, photoId } = c.req.valid('param');
  return c.json(
    await featurePhoto(c.var.deps, c.var.businessId, id, photoId, c.req.valid('json').featured),
    200,
  );
});

/** Mounted beside the bookings feature at /api/bookings. */
export const galleryOwnerApi = ownerRouter;
