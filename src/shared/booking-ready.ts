/** §5: Book Now is enabled only when these are all filled. */
export function canBookNow(f: {
  serviceId?: string;
  vehicleType?: string;
  date?: string;
  time?: string;
  location?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}): boolean {
  return [f.serviceId, f.vehicleType, f.date, f.time, f.location, f.firstName, f.lastName, f.email].every(
    (v) => typeof v === 'string' && v.trim().length > 0,
  );
}
