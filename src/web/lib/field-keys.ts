// The keys of the technician's field app (issue 26), in a module of their own so that the field app's first load
// does not carry every screen's keys; `queryKeys.field` is this object (decision 1121).
export const fieldKeys = {
  all: ['field'] as const,
  /** Every range's job list, for updating them all at once. */
  allJobs: ['field', 'jobs'] as const,
  jobs: (from: string, to: string) => ['field', 'jobs', from, to] as const,
  job: (id: string) => ['field', 'job', id] as const,
  outbox: ['field', 'outbox'] as const,
  /** The photos of a job still on the phone (object URLs of their stored bytes). */
  localPhotos: (jobId: string) => ['field', 'local-photos', jobId] as const,
  shift: ['field', 'shift'] as const,
};
