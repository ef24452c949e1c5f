import { createRoute, z } from '@hono/zod-openapi';
import { calendarDateSchema, TIME_ENTRY_KINDS, timeEntryEditFieldsSchema } from '../../../shared/timesheets';
import { requireOwner, requireUser } from '../../access/guards';
import { ownJobsFilter, viewerOf } from '../../access/technician-access';
import { readDbOf } from '../../http/context';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { timesheetCsv } from './timesheets.csv';
import { editTimeEntry, listTimesheets } from './timesheets.service';

const tags = ['Timesheets'];

const entryTimesSchema = z.object({ startedAt: z.string(), endedAt: z.string().nullable() });
const entrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(TIME_ENTRY_KINDS),
    bookingId: z.string().nullable(),
    customerName: z.string().nullable(),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    minutes: z.number().int(),
    edits: z.array(
      z.object({
        at: z.string(),
        by: z.string(),
        reason: z.string(),
        before: entryTimesSchema,
        after: entryTimesSchema,
      }),
    ),
  })
  .openapi('TimeEntry');

const timesheetSchema = z
  .object({
    timeZone: z.string(),
    from: z.string(),
    to: z.string(),
    items: z.array(
      z.object({
        technician: z.object({ id: z.string(), name: z.string(), email: z.string() }),
        days: z.array(
          z.object({
            date: z.string(),
            shiftMinutes: z.number().int(),
            jobMinutes: z.number().int(),
            entries: z.array(entrySchema),
          }),
        ),
        totalShiftMinutes: z.number().int(),
        totalJobMinutes: z.number().int(),
      }),
    ),
    nextCursor: z.null(),
  })
  .openapi('Timesheet');

// Without dates: the business's current week (Monday to Sunday); with `from` only, the 7 days from it.
const rangeQuerySchema = z.object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() });

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary:
    "Hours per technician per business day (shifts and time on jobs) with each day's entries; a technician sees their own",
  request: { query: rangeQuerySchema.extend({ technicianId: z.string().max(100).optional() }) },
  responses: { 200: json(timesheetSchema), 400: errorResponses[400], 401: errorResponses[401] },
});
const editRoute = createRoute({
  method: 'patch',
  path: '/entries/{id}',
  tags,
  summary: "Correct a time entry's start or end, with a reason (kept in the entry's audit trail)",
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: timeEntryEditFieldsSchema } }, required: true },
  },
  responses: {
    200: json(
      z.object({
        id: z.string(),
        kind: z.enum(TIME_ENTRY_KINDS),
        startedAt: z.string(),
        endedAt: z.string().nullable(),
        edited: z.boolean(),
      }),
    ),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});
const exportRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags,
  summary: 'Hours per technician per business day as a CSV for payroll',
  request: { query: rangeQuerySchema },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const timesheetsRoutes = createRouter();
timesheetsRoutes.use('*', requireUser);
// Corrections and the payroll export are the owner's; a technician reads only their own hours (decision 1180).
timesheetsRoutes.use('/entries/*', requireOwner);
timesheetsRoutes.use('/export.csv', requireOwner);

export const timesheetsApi = timesheetsRoutes
  .openapi(exportRoute, async (c) => {
    // An export, from the read replica when there is one (decision 1322).
    const { from, to, csv } = await timesheetCsv(
      readDbOf(c.var.deps),
      c.var.businessId,
      c.req.valid('query'),
    );
    c.header('Content-Disposition', `attachment; filename="shineroute-timesheets-${from}-to-${to}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  })
  .openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const technicianId = ownJobsFilter(viewerOf(c), q.technicianId);
    return c.json(await listTimesheets(c.var.deps.db, c.var.businessId, { ...q, technicianId }), 200);
  })
  .openapi(editRoute, async (c) => {
    const editor = { id: c.var.user.id, name: c.var.user.name };
    const result = await editTimeEntry(
      c.var.deps.db,
      c.var.businessId,
      editor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });
