import { createRoute, z } from '@hono/zod-openapi';
import { businessProfileInputSchema, testimonialInputSchema } from '../../../shared/business-profile';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { generateBusinessPage } from './business-page.service';
import {
  addTestimonial,
  deleteTestimonial,
  getBusinessProfile,
  listTestimonials,
  setTestimonialFeatured,
  updateBusinessProfile,
} from './business-profile.service';

const profileFields = {
  businessName: z.string().nullable(),
  businessTagline: z.string().nullable(),
  businessDescription: z.string().nullable(),
  businessAddress: z.string().nullable(),
  serviceRadiusMiles: z.number().int(),
  phone: z.string().nullable(),
  businessEmail: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  yearsInBusiness: z.number().int(),
  insuranceInfo: z.string().nullable(),
  aboutOwner: z.string().nullable(),
  certifications: z.array(z.string()),
  specialties: z.array(z.string()),
  serviceGuarantees: z.array(z.string()),
};
const businessPageRef = z.object({ slug: z.string(), url: z.string() }).nullable();
const profileSchema = z
  .object({ ...profileFields, businessPage: businessPageRef })
  .openapi('BusinessProfile');

const testimonialSchema = z
  .object({
    id: z.string(),
    customerName: z.string(),
    customerInitial: z.string(),
    serviceType: z.string().nullable(),
    rating: z.number().int(),
    testimonialText: z.string(),
    isFeatured: z.boolean(),
    dateReceived: z.string(),
    createdAt: z.string(),
  })
  .openapi('Testimonial');

const tags = ['Business profile'];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The business profile (all four tabs) and the generated business page, if any',
  responses: { 200: json(profileSchema), 401: errorResponses[401], 404: errorResponses[404] },
});
const updateRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary: 'Save the business profile',
  request: body(businessProfileInputSchema),
  responses: {
    200: json(profileSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const listTestimonialsRoute = createRoute({
  method: 'get',
  path: '/testimonials',
  tags,
  summary: 'Testimonials, newest first (the whole list: nextCursor is null)',
  responses: { 200: json(listOf(testimonialSchema)), 401: errorResponses[401] },
});
const addTestimonialRoute = createRoute({
  method: 'post',
  path: '/testimonials',
  tags,
  summary: 'Add a testimonial (the initial defaults to the first letter of the name; rating 1–5, default 5)',
  request: body(testimonialInputSchema),
  responses: { 201: json(testimonialSchema, 'Created'), 400: errorResponses[400], 401: errorResponses[401] },
});
const featureRoute = createRoute({
  method: 'patch',
  path: '/testimonials/{id}',
  tags,
  summary: 'Feature or unfeature a testimonial',
  request: {
    params: idParamSchema,
    ...body(z.object({ isFeatured: z.boolean({ error: 'isFeatured must be true or false' }) })),
  },
  responses: {
    200: json(testimonialSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const deleteTestimonialRoute = createRoute({
  method: 'delete',
  path: '/testimonials/{id}',
  tags,
  summary: 'Delete a testimonial',
  request: { params: idParamSchema },
  responses: { ...noContent, 401: errorResponses[401], 404: errorResponses[404] },
});
const generatePageRoute = createRoute({
  method: 'post',
  path: '/business-page',
  tags,
  summary: 'Generate (or regenerate) the public business page at /seo/{slug}',
  responses: {
    200: json(z.object({ slug: z.string(), url: z.string(), pageTitle: z.string(), created: z.boolean() })),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

export const businessProfileRoutes = createRouter();
businessProfileRoutes.use('*', requireUser, requireOwnerForWrites);

export const businessProfileApi = businessProfileRoutes
  .openapi(getRoute, async (c) => c.json(await getBusinessProfile(c.var.deps.db, c.var.businessId), 200))
  .openapi(updateRoute, async (c) => {
    const { db } = c.var.deps;
    await updateBusinessProfile(db, c.var.businessId, c.req.valid('json'));
    return c.json(await getBusinessProfile(db, c.var.businessId), 200);
  })
  .openapi(listTestimonialsRoute, async (c) =>
    c.json(wholeList(await listTestimonials(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(addTestimonialRoute, async (c) =>
    c.json(await addTestimonial(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(featureRoute, async (c) =>
    c.json(
      await setTestimonialFeatured(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('json').isFeatured,
      ),
      200,
    ),
  )
  .openapi(deleteTestimonialRoute, async (c) => {
    await deleteTestimonial(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(generatePageRoute, async (c) => {
    const { page, created } = await generateBusinessPage(c.var.deps.db, c.var.businessId);
    return c.json({ slug: page.slug, url: `/seo/${page.slug}`, pageTitle: page.pageTitle, created }, 200);
  });
