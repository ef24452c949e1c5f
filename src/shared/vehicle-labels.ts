import type { VehicleType } from './constants';

// The vehicle types' names, apart from the pricing rules so a screen that only names a vehicle (the field app's
// first load, decision 1175) does not load them.
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  truck: 'Truck',
  van: 'Van',
  coupe: 'Coupe',
  convertible: 'Convertible',
  motorcycle: 'Motorcycle',
};
