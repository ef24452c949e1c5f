import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { planIncludes } from '../../../shared/plan-features';
import {
  applyInputSchema,
  applyResultSchema,
  baseInputSchema,
  dayRoutesSchema,
  editedPlanInputSchema,
  jobWindowInputSchema,
  jobWindowSchema,
  optimizeInputSchema,
  routePlanSchema,
  routeSettingsSchema,
  routesQuerySchema,
  specialistServicesInputSchema,
  technicianSettingsInputSchema,
} from '../../../shared/route-plans';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { localGeo } from '../../providers/geo/create-geo';
import { loadPlan } from '../billing/plan-state';
import { applyPlan } from './apply.service';
import { evaluateEditedPlan } from './edit-plan.service';
import { setJobWindow } from './job-window.service';
import { loadPlacedDay, optimizeDay } from './optimize.service';
import { currentRoutes } from './route-day.service';
import {
  loadRouteSettings,
  saveBase,
  saveSpecialistServices,
  saveTechnicianSettings,
} from './settings.service';

const tags = ['Routes'];
const errors = {
  400: errorResponses[400],
  401: errorResponses[401],
  402: errorResponses[402],
  403: errorResponses[403],
  404: errorResponses[404],
};

const dayRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "A day's routes: each technician's jobs in order with arrival times and drive minutes, and totals",
  request: { query: routesQuerySchema },
  responses: { 200: json(dayRoutesSchema), ...errors },
});
const optimizeRoute = createRoute({
  method: 'post',
  path: '/optimize',
  tags,
  summary:
    "Proposes a plan for the day (reassignments included) within each job's booked window and the owner's locks, with the drive time before and after (Pro and Elite)",
  request: { body: { content: { 'application/json': { schema: optimizeInputSchema } }, required: true } },
  responses: { 200: json(routePlanSchema), ...errors },
});
const evaluateRoute = createRoute({
  method: 'post',
  path: '/evaluate',
  tags,
  summary:
    "Works out the owner's own order (dragged or moved): each technician's arrivals and drive minutes, the drive time before and after, and the arrivals outside their booked window; a plan to apply (Pro and Elite)",
  request: { body: { content: { 'application/json': { schema: editedPlanInputSchema } }, required: true } },
  responses: { 200: json(routePlanSchema), ...errors },
});
const applyRoute = createRoute({
  method: 'post',
  path: '/apply',
  tags,
  summary:
    "Applies a proposed plan once: reassigns and reorders the jobs and tells each customer whose arrival time moved; a plan with arrivals outside a booked window only with allowOutsideWindow, the owner's say (Pro and Elite)",
  request: { body: { content: { 'application/json': { schema: applyInputSchema } }, required: true } },
  responses: { 200: json(applyResultSchema), 409: errorResponses[409], ...errors },
});

const jobWindowRoute = createRoute({
  method: 'put',
  path: '/jobs/{id}/window',
  tags,
  summary:
    "Sets a job's arrival window: its booked hour, or any time in the technician's day (the optimiser may then place it anywhere in the shift; Pro and Elite)",
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: jobWindowInputSchema } }, required: true },
  },
  responses: { 200: json(jobWindowSchema), ...errors },
});

const settingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags,
  summary: "The base, each technician's start and end, lunch break and specialist services, and the services",
  responses: { 200: json(routeSettingsSchema), ...errors },
});
const baseRoute = createRoute({
  method: 'put',
  path: '/settings/base',
  tags,
  summary: "Sets the business's base (where days start and end unless a technician has their own), geocoded",
  request: { body: { content: { 'application/json': { schema: baseInputSchema } }, required: true } },
  responses: { 200: json(routeSettingsSchema), ...errors },
});
const technicianSettingsRoute = createRoute({
  method: 'put',
  path: '/settings/technicians/{technicianId}',
  tags,
  summary: "Sets a technician's start and end address (geocoded), lunch break and specialist services",
  request: {
    params: z.object({ technicianId: z.string().min(1).max(64) }),
    body: { content: { 'application/json': { schema: technicianSettingsInputSchema } }, required: true },
  },
  responses: { 200: json(routeSettingsSchema), ...errors },
});
const specialistRoute = createRoute({
  method: 'put',
  path: '/settings/specialist-services',
  tags,
  summary: 'Sets which services only the technicians listed for them may do (e.g. ceramic coating)',
  request: {
    body: { content: { 'application/json': { schema: specialistServicesInputSchema } }, required: true },
  },
  responses: { 200: json(routeSettingsSchema), ...errors },
});

export const routesRoutes = createRouter();
// The owner's screen: technicians are refused by requireUser's list (decision 1160) and by requireOwner here.
routesRoutes.use('*', requireUser, requireOwner);
// Starter sees the day and its drive times; planning and applying are Pro and Elite (§9 "AI route optimizer").
routesRoutes.use('/optimize', requireFeature('route_optimizer'));
routesRoutes.use('/apply', requireFeature('route_optimizer'));
routesRoutes.use('/evaluate', requireFeature('route_optimizer'));
routesRoutes.use('/jobs/*', requireFeature('route_optimizer'));

export const routesApi = routesRoutes
  .openapi(dayRoute, async (c) => {
    const deps = c.var.deps;
    const geo = deps.geo ?? localGeo;
    const { date, locationId } = c.req.valid('query');
    const day = await loadPlacedDay({ db: deps.db, geo }, c.var.businessId, date, locationId ?? null);
    const plan = await loadPlan(deps.db, c.var.businessId);
    const routes = await currentRoutes(geo, day, planIncludes(plan.plan, 'route_optimizer'));
    return c.json({ ...routes, tiles: deps.mapTiles ?? null }, 200);
  })
  .openapi(optimizeRoute, async (c) => {
    const deps = c.var.deps;
    const plan = await optimizeDay(
      { db: deps.db, geo: deps.geo ?? localGeo },
      { businessId: c.var.businessId, userId: c.var.user.id },
      c.req.valid('json'),
    );
    return c.json(plan, 200);
  })
  .openapi(evaluateRoute, async (c) => {
    const deps = c.var.deps;
    const plan = await evaluateEditedPlan(
      { db: deps.db, geo: deps.geo ?? localGeo },
      { businessId: c.var.businessId, userId: c.var.user.id },
      c.req.valid('json'),
    );
    return c.json(plan, 200);
  })
  .openapi(applyRoute, async (c) => {
    const { planId, allowOutsideWindow } = c.req.valid('json');
    const result = await applyPlan(
      c.var.deps,
      { businessId: c.var.businessId, userId: c.var.user.id },
      planId,
      { allowOutsideWindow },
    );
    return c.json(result, 200);
  })
  .openapi(jobWindowRoute, async (c) => {
    const window = await setJobWindow(
      c.var.deps.db,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(window, 200);
  })
  .openapi(settingsRoute, async (c) => c.json(await loadRouteSettings(c.var.deps.db, c.var.businessId), 200))
  .openapi(baseRoute, async (c) => {
    const deps = c.var.deps;
    await saveBase(deps.db, (deps.geo ?? localGeo).geocoder, c.var.businessId, c.req.valid('json').address);
    return c.json(await loadRouteSettings(deps.db, c.var.businessId), 200);
  })
  .openapi(technicianSettingsRoute, async (c) => {
    const deps = c.var.deps;
    await saveTechnicianSettings(
      deps.db,
      (deps.geo ?? localGeo).geocoder,
      c.var.businessId,
      c.req.valid('param').technicianId,
      c.req.valid('json'),
    );
    return c.json(await loadRouteSettings(deps.db, c.var.businessId), 200);
  })
  .openapi(specialistRoute, async (c) => {
    const deps = c.var.deps;
    await saveSpecialistServices(deps.db, c.var.businessId, c.req.valid('json').serviceIds);
    return c.json(await loadRouteSettings(deps.db, c.var.businessId), 200);
  });
