import { z } from 'zod';

// The Routes screen's contract (issue 27): a day's routes by technician, an optimised plan and its application.
// The server validates with these and the web app reads the same types.

export const ROUTES_TEXT = {
  title: 'Routes',
  optimize: 'Optimize',
  apply: 'Apply plan',
  noJobs: 'No jobs on this day.',
  unassigned: 'Unassigned',
  owner: 'You',
  planStale: 'The day has changed since this plan was made. Press Optimize again.',
  planNotFound: 'This plan was not found.',
  lockUnknownBooking: 'A locked job was not found.',
  lockUnknownTechnician: 'A job is locked to someone who is not on this team.',
  noSavings: 'The current routes are already as short as the optimiser can make them.',
  applied: 'Routes updated',
  alreadyApplied: 'This plan was already applied.',
  editUnknownBooking: 'A job in this plan was not found.',
  editUnknownTechnician: 'A job is given to someone who is not on this team.',
  editTwice: 'A job or a technician is listed twice in this plan.',
  editOtherDay: "A job in this plan is not on this day's routes.",
  editLeftOut: 'The plan leaves out a job of this day. Reload the day and try again.',
  editFixedJob: 'A job under way or done stays with its technician.',
  editLockedJob: 'A locked job stays with its technician. Unlock it first.',
  editSkill: 'A specialist job is given to a technician who does not do it.',
  editNoTeam: 'A business without technicians keeps every job on its own route.',
  takeOff: 'Take off the route (unassigned)',
  dropToUnassign: 'Drop a job here to take it off its route.',
  outsideWindow: 'This plan has arrivals outside the booked window.',
  outsideWindowRefused:
    "This plan has arrivals outside the customer's booked window. Allow it to apply the plan anyway.",
  allowOutsideWindow: 'Allow arrivals outside the booked window',
  anyTime: 'Any time today',
  anyTimeHint:
    "The optimiser may place this job any time in the technician's day; the customer is told the new time.",
  anyTimeSaved: 'Arrival window saved',
  elsewhereOverlap:
    'This plan puts a technician on a job at the same time as their job at another location. Press Optimize again.',
  elsewhereNoDrive: 'This plan leaves no time to drive to or from a job at another location:',
} as const;

/** A booked arrival window: the booked time and the hour after it (decision 1216). */
export const ARRIVAL_WINDOW_MINUTES = 60;
/** An arrival that moves by at least this much is told to the customer. */
export const NOTIFY_CHANGE_MINUTES = 10;
/** The working day the optimiser plans within, in the business's time zone. */
export const SHIFT = { start: '07:00', end: '20:00' } as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-12-01');
const uuid = z.uuid();

/** One of the business's locations (decision 1280); none = every location. Another business's location is 404. */
const locationId = uuid.optional();

export const routesQuerySchema = z.object({ date: isoDate, locationId });

export const routeLockSchema = z.object({
  bookingId: uuid,
  /** Keep the job with this technician (the owner's own id for a business without technicians). */
  technicianId: z.string().min(1).max(64).optional(),
  /** Keep the job's current arrival time. */
  keepTime: z.boolean().optional(),
});

export const optimizeInputSchema = z.object({
  date: isoDate,
  locationId,
  locks: z.array(routeLockSchema).max(500).default([]),
  /** The owner's say: arrivals may move this many minutes outside the booked window (0 = inside it only). */
  widenMinutes: z.number().int().min(0).max(240).default(0),
});
export type OptimizeInput = z.input<typeof optimizeInputSchema>;

/**
 * An owner-edited plan (dragged, or moved with the keyboard; decision 1270): each technician's jobs in the order
 * wanted, and the jobs taken off every route (dropped on "Unassigned"). The server works out the arrivals and drive
 * minutes; jobs of the day not listed stay as they are.
 */
export const editedPlanInputSchema = z.object({
  date: isoDate,
  locationId,
  technicians: z
    .array(
      z.object({
        technicianId: z.string().min(1).max(64),
        bookingIds: z.array(uuid).max(200),
      }),
    )
    .min(1)
    .max(100),
  /** Jobs with no technician in this plan: taken off their route (or left unassigned). */
  unassigned: z.array(uuid).max(500).default([]),
  locks: z.array(routeLockSchema).max(500).default([]),
});
export type EditedPlanInput = z.input<typeof editedPlanInputSchema>;

/** A job's arrival window (decision 1334): its booked hour, or any time in the technician's day. */
export const jobWindowInputSchema = z.object({ anyTime: z.boolean() });
export type JobWindowInput = z.input<typeof jobWindowInputSchema>;
export const jobWindowSchema = z.object({ bookingId: z.string(), anyTime: z.boolean() });
export type JobWindow = z.infer<typeof jobWindowSchema>;

export const applyInputSchema = z.object({
  planId: uuid,
  /** The owner's say: a plan with arrivals outside a customer's booked window is applied only with it. */
  allowOutsideWindow: z.boolean().default(false),
});
export type ApplyInput = z.input<typeof applyInputSchema>;

export const pointSchema = z.object({ lat: z.number(), lng: z.number() });
export type Point = z.infer<typeof pointSchema>;

export const routeStopSchema = z.object({
  bookingId: z.string(),
  customerName: z.string(),
  serviceName: z.string(),
  address: z.string(),
  status: z.string(),
  point: pointSchema.nullable(),
  /** The booked time and the end of its arrival window (the day's shift for a job any time today). */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** The owner lets the optimiser place it any time in the technician's day (decision 1334). */
  anyTime: z.boolean(),
  /** When the technician is expected to start the job. */
  arrivalAt: z.string(),
  durationMinutes: z.number().int(),
  /** Drive from the previous stop (or the day's start). */
  driveMinutes: z.number(),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

export const technicianRouteSchema = z.object({
  technicianId: z.string(),
  name: z.string(),
  start: pointSchema.nullable(),
  end: pointSchema.nullable(),
  stops: z.array(routeStopSchema),
  /** Every leg, the drive back included. */
  driveMinutes: z.number(),
  returnDriveMinutes: z.number(),
  /** A proposed plan's lunch break for this technician, when they have one and jobs. */
  lunchBreak: z.object({ start: z.string(), end: z.string() }).nullable().optional(),
});
export type TechnicianRoute = z.infer<typeof technicianRouteSchema>;

export const dayRoutesSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** The plan includes Optimize and Apply (Pro and Elite). */
  canOptimize: z.boolean(),
  /** The business has technicians (an owner who works alone has no "Unassigned" to take a job to). */
  hasTeam: z.boolean(),
  travel: z.enum(['great-circle', 'osrm']),
  /** Map tiles from the server's configuration (MAP_TILE_URL); none = stops and lines on a plain background. */
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
  base: pointSchema.nullable(),
  technicians: z.array(technicianRouteSchema),
  /** Jobs with no technician, in a business that has technicians. */
  unassigned: z.array(routeStopSchema),
  /** Jobs without a point: kept as they are. */
  unplaced: z.array(routeStopSchema),
  totals: z.object({ jobs: z.number().int(), driveMinutes: z.number() }),
});
export type DayRoutes = z.infer<typeof dayRoutesSchema>;

export const routeChangeSchema = z.object({
  bookingId: z.string(),
  customerName: z.string(),
  fromTechnicianId: z.string().nullable(),
  /** Null: the job is taken off its technician's route (decision 1270). */
  toTechnicianId: z.string().nullable(),
  fromArrivalAt: z.string(),
  toArrivalAt: z.string(),
});
export type RouteChange = z.infer<typeof routeChangeSchema>;

export const routePlanSchema = z.object({
  planId: z.string(),
  date: z.string(),
  beforeMinutes: z.number(),
  afterMinutes: z.number(),
  savedMinutes: z.number(),
  technicians: z.array(technicianRouteSchema),
  changes: z.array(routeChangeSchema),
  /** Jobs the plan leaves as they are (no point, or no feasible place within windows and shifts). */
  kept: z.array(z.string()),
  /** Jobs this plan takes off their technician's route (the owner dropped them on "Unassigned"). */
  unassigned: z.array(z.string()),
  /** Jobs whose arrival falls outside their booked window (or their locked time): applied only with the owner's say. */
  outsideWindow: z.array(z.string()),
  solveMs: z.number(),
});
export type RoutePlan = z.infer<typeof routePlanSchema>;

export const applyResultSchema = z.object({
  planId: z.string(),
  applied: z.boolean(),
  /** Customers told of a new arrival time by this application. */
  notified: z.number().int(),
  reassigned: z.number().int(),
  reordered: z.number().int(),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

// Route settings (decision 1246): the business's base, each technician's start and end address, lunch break and
// specialist services, and which services are specialist.

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 12:00');
const address = z.string().trim().min(3, 'Enter an address').max(300);

export const lunchSchema = z
  .object({
    /** The break starts between `from` and `to` (the business's local time). */
    from: clock,
    to: clock,
    minutes: z.number().int().min(5, 'At least 5 minutes').max(180, 'At most 3 hours'),
  })
  .refine((l) => l.from <= l.to, {
    message: 'The latest start must not be before the earliest',
    path: ['to'],
  });
export type Lunch = z.infer<typeof lunchSchema>;

export const technicianSettingsInputSchema = z.object({
  /** Where the day starts; empty = the business's base. */
  startAddress: address.nullable().default(null),
  /** Where the day ends; empty = where it starts. */
  endAddress: address.nullable().default(null),
  lunch: lunchSchema.nullable().default(null),
  /** Specialist services this technician may do. */
  skills: z.array(uuid).max(100).default([]),
});
export type TechnicianSettingsInput = z.input<typeof technicianSettingsInputSchema>;

export const baseInputSchema = z.object({ address });
export const specialistServicesInputSchema = z.object({ serviceIds: z.array(uuid).max(200) });

export const technicianSettingsSchema = z.object({
  technicianId: z.string(),
  name: z.string(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  start: pointSchema.nullable(),
  end: pointSchema.nullable(),
  lunch: z.object({ from: z.string(), to: z.string(), minutes: z.number().int() }).nullable(),
  skills: z.array(z.string()),
});
export const routeSettingsSchema = z.object({
  base: z.object({ address: z.string().nullable(), point: pointSchema.nullable() }),
  technicians: z.array(technicianSettingsSchema),
  services: z.array(z.object({ id: z.string(), name: z.string(), specialist: z.boolean() })),
  /** Drive times learnt from check-ins (decision 1247). */
  calibration: z.object({
    /** Drives measured between two jobs' check-ins. */
    observations: z.number().int(),
    /** The factor the local estimate is multiplied by; null: the default (1, the estimate as it is). */
    factor: z.number().nullable(),
    /** When a drive was last measured (the factor is worked out again each time). */
    updatedAt: z.string().nullable(),
    /** Drives needed before a factor is used, and how many of the latest it is the median of. */
    needed: z.number().int(),
    window: z.number().int(),
  }),
});
export type RouteSettings = z.infer<typeof routeSettingsSchema>;

export const ROUTE_SETTINGS_TEXT = {
  title: 'Route settings',
  addressNotFound: 'We could not find this address. Check the street, city and zip code.',
  technicianNotFound: 'This technician is not on your team.',
  serviceNotFound: 'A service was not found.',
  saved: 'Route settings saved',
} as const;
