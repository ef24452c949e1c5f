import type { FieldJob } from '../../../shared/field';
import { VEHICLE_TYPE_LABELS } from '../../../shared/vehicle-labels';

/** "Silver 2021 Toyota Camry · Sedan", or the type alone. */
export function fieldVehicleText(v: FieldJob['vehicle']) {
  const name = [v.color, v.year, v.make, v.model].filter(Boolean).join(' ');
  const type = v.type ? VEHICLE_TYPE_LABELS[v.type] : '';
  return [name, type].filter(Boolean).join(' · ') || 'Vehicle not given';
}

export const addressLine = (a: FieldJob['address']) =>
  [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`.trim()].filter(Boolean).join(', ');

/** A link the phone opens in its maps app, with directions to the job (coordinates when known, else the address). */
export function navigateUrl(a: FieldJob['address']) {
  const destination = a.lat !== undefined && a.lng !== undefined ? `${a.lat},${a.lng}` : addressLine(a);
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

export const serviceText = (job: Pick<FieldJob, 'services' | 'addOns'>) =>
  [...job.services.map((s) => s.name), ...job.addOns.map((a) => `+ ${a.name}`)].join(', ') || 'Service';
