import { z } from '@hono/zod-openapi';

export const seoPageSchema = z
  .object({
    id: z.string(),
    businessId: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    keywords: z.array(z.string()),
    pageTitle: z.string(),
    metaDescription: z.string().nullable(),
    slug: z.string(),
    status: z.enum(['draft', 'complete', 'error']),
    vehicleMake: z.string().nullable(),
    vehicleModel: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('SeoPage');

export const seoRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'complete', 'error', 'cancelled']),
    keywords: z.array(z.string()),
    states: z.array(z.string()),
    targetVehicles: z.boolean(),
    totalPages: z.number().int(),
    processedPages: z.number().int(),
    createdPages: z.number().int(),
    skippedPages: z.number().int(),
    progress: z.number().int().min(0).max(100),
    errorMessage: z.string().nullable(),
    jobId: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('SeoGenerationRun');
