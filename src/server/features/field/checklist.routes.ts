import { createRoute } from '@hono/zod-openapi';
import { checklistDefinitionListSchema, checklistDefinitionsInputSchema } from '../../../shared/field';
import { requireOwner, requireUser } from '../../access/guards';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { getServiceChecklist, putServiceChecklist } from './checklist.service';

const listSchema = checklistDefinitionListSchema;
const errors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };

const getRoute = createRoute({
  method: 'get',
  path: '/{id}/checklist',
  tags: ['Services'],
  summary: "A service's checklist, in order (the owner's; technicians see it on their jobs)",
  request: { params: idParamSchema },
  responses: { 200: json(listSchema), ...errors },
});
const putRoute = createRoute({
  method: 'put',
  path: '/{id}/checklist',
  tags: ['Services'],
  summary:
    "Replace a service's checklist (≤ 50 items): items with an id keep it, new ones get one, the rest go",
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: checklistDefinitionsInputSchema } }, required: true },
  },
  responses: { 200: json(listSchema), 400: errorResponses[400], ...errors },
});

const router = createRouter();
// Only its own paths: the router is mounted beside the services feature's at /api/services.
router.use('/:id/checklist', requireUser, requireOwner);

export const serviceChecklistApi = router
  .openapi(getRoute, async (c) =>
    c.json(await getServiceChecklist(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(putRoute, async (c) =>
    c.json(
      await putServiceChecklist(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
