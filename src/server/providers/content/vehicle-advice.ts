import type { VehicleType } from '../../../shared/constants';
import type { VehicleClass } from '../../../shared/seo.constants';

// Care advice for the generator's vehicle pages: one set per class, one note per model, one per climate.

export const CLASS_TIPS: Record<VehicleClass, string[]> = {
  truck: [
    'Truck beds collect grit, gravel and standing water; we rinse the bed, clear the drain holes and dress the bed liner so it does not fade.',
    'Wheel wells and the undercarriage of a pickup take the worst of the road, so we flush them with a low-pressure rinse before anything touches the paint.',
    'Tall panels mean more surface for water spots; we dry with filtered water and plush towels instead of letting the sun do it.',
    'Work boots bring the job site into the cab; a deep carpet extraction and a rubber mat scrub keep the interior from smelling like a tool box.',
  ],
  suv: [
    'Third-row seats and cargo areas hide crumbs, sand and spilled drinks; we fold every seat to vacuum and steam the tracks underneath.',
    'Roof rails and the upper half of the tailgate are easy to miss on a tall SUV, so we use a step platform to wash and protect them properly.',
    'Family SUVs benefit from a fabric guard on the rear seats, which makes the next juice spill wipe off instead of soaking in.',
    'Rear wipers and hatch seals trap dirt; cleaning and conditioning them keeps the hatch quiet and the glass streak-free.',
  ],
  sedan: [
    'Sedans show swirl marks on the hood and trunk first; a two-bucket hand wash and a soft foam pre-soak keep the clear coat glossy.',
    'Commuter cabins gather coffee drips and dust on the dash; a UV-protective interior dressing keeps the plastics from cracking.',
    'Headlight lenses on daily drivers haze over time; a polish and sealant restores night visibility as well as looks.',
    'A spray sealant every few months keeps a sedan easy to wash between full details.',
  ],
  ev: [
    'Electric cars are quiet enough that every rattle and every dirty seal is noticed; we detail door jambs and seals as carefully as the paint.',
    'We keep water and dressings away from the charge port and never use high pressure around sensors and cameras.',
    'Large glass roofs collect mineral spots; a dedicated glass polish and a hydrophobic coating keep the view clear.',
    'White and light interiors in electric cars pick up denim dye; a gentle leather cleaner and protector stops it from setting in.',
  ],
  offroad: [
    'Trail mud dries like cement in wheel wells and frame rails; we soak it loose before rinsing so it does not scratch on the way off.',
    'Removable tops and doors need seal care: conditioned rubber keeps rain out and wind noise down.',
    'Drain plugs and rubber floors make the interior easy to clean, and we use them, then dry everything before reinstalling mats.',
    'Textured fender flares and bumpers fade to grey in the sun; a trim restorer brings back the deep black.',
  ],
};

/** A line about each of the popular models, keyed "Make Model". */
export const MODEL_NOTES: Record<string, string> = {
  'Ford F-150':
    'The F-150’s aluminium body resists rust but shows water spots quickly, so a drying aid and a sealant make a visible difference.',
  'Chevrolet Silverado':
    'Silverado owners often tow; we pay extra attention to the hitch area and the tailgate where road film and exhaust soot build up.',
  'Ram 1500': 'The Ram 1500’s large chrome and badge areas are polished by hand so they do not spot or pit.',
  'GMC Sierra':
    'Sierra Denali interiors use real wood and leather that need a pH-balanced cleaner rather than an all-purpose spray.',
  'Toyota Tacoma':
    'Tacomas spend weekends off pavement; an undercarriage rinse and a bed-liner dressing keep them trail-ready.',
  'Toyota RAV4':
    'The RAV4’s textured lower cladding looks best with a trim protectant that keeps it dark without a greasy shine.',
  'Honda CR-V':
    'CR-V cargo floors are removable; we lift them to vacuum the hidden well where sand and small toys collect.',
  'Nissan Rogue':
    'The Rogue’s Divide-N-Hide cargo panels are cleaned on both sides, and the rear door sills get a full wipe-down.',
  'Chevrolet Equinox':
    'Equinox owners ask most for pet-hair removal; rubber brushes lift it from the carpet fibres without damage.',
  'Ford Explorer':
    'Three-row Explorers get the third row and the rear climate vents cleaned, places a quick wash always misses.',
  'Toyota Highlander':
    'Highlanders carry families; a steam clean of the car-seat areas removes what vacuuming leaves behind.',
  'Hyundai Tucson':
    'The Tucson’s parametric grille has many small openings; a soft detailing brush cleans each one without scratching.',
  'Kia Sportage':
    'The Sportage’s gloss-black trim pieces scratch easily, so we wash them with a separate, softer mitt.',
  'Ford Escape':
    'Escape cabins use a lot of soft-touch plastic that looks best with a matte, non-greasy protectant.',
  'Chevrolet Tahoe':
    'A Tahoe has a lot of paint; a ceramic spray sealant cuts the time of every future wash.',
  'Subaru Outback':
    'Outbacks are loved by dog owners and hikers; we extract mud from the carpets and deodorise the cargo area.',
  'Jeep Grand Cherokee':
    'The Grand Cherokee’s leather seats are conditioned to keep them supple through hot summers and dry winters.',
  'Jeep Wrangler':
    'Wrangler soft tops are cleaned with a fabric-safe shampoo and protected with a UV guard so the window panels stay clear.',
  'Toyota Camry':
    'The Camry is built to last; a yearly paint correction and sealant keep it looking as good as it runs.',
  'Toyota Corolla':
    'Corolla paint is thin on the edges of the hood, so we machine-polish with a light pad and a fine finishing polish.',
  'Honda Civic':
    'Civic sport trims have low splitters and side skirts that collect road tar; a tar remover takes it off safely.',
  'Honda Accord':
    'Accord interiors with light upholstery get a fabric shampoo that lifts stains without leaving water rings.',
  'Nissan Altima':
    'The Altima’s headlights haze after a few summers; restoring them is a quick win for looks and safety.',
  'Tesla Model 3':
    'Model 3 glass roofs and frameless windows get extra care, and we put the car in wash-safe mode before we start.',
  'Tesla Model Y':
    'The Model Y’s white seats and large glass roof are the two things owners ask about most; both are part of our detail.',
};

/** The booking vehicle type each popular model is priced as (§9 multipliers). */
export function vehicleTypeOf(vehicle: { model: string; kind: VehicleClass }): VehicleType {
  if (vehicle.kind === 'truck') return 'truck';
  if (vehicle.kind === 'sedan') return 'sedan';
  if (vehicle.kind === 'ev') return vehicle.model === 'Model 3' ? 'sedan' : 'suv';
  return 'suv';
}

export type Climate = 'sun' | 'salt' | 'rain' | 'coast' | 'seasons';

const CLIMATE_BY_STATE: Record<string, Climate> = {
  AZ: 'sun',
  NV: 'sun',
  NM: 'sun',
  TX: 'sun',
  CA: 'sun',
  UT: 'sun',
  OK: 'sun',
  CO: 'salt',
  FL: 'coast',
  LA: 'coast',
  MS: 'coast',
  AL: 'coast',
  GA: 'coast',
  SC: 'coast',
  NC: 'coast',
  HI: 'coast',
  DE: 'coast',
  WA: 'rain',
  OR: 'rain',
  AK: 'salt',
  MN: 'salt',
  WI: 'salt',
  MI: 'salt',
  NY: 'salt',
  PA: 'salt',
  OH: 'salt',
  IL: 'salt',
  IN: 'salt',
  IA: 'salt',
  ND: 'salt',
  SD: 'salt',
  NE: 'salt',
  MA: 'salt',
  VT: 'salt',
  NH: 'salt',
  ME: 'salt',
  CT: 'salt',
  RI: 'salt',
  NJ: 'salt',
  ID: 'salt',
  MT: 'salt',
  WY: 'salt',
  WV: 'salt',
};
export const climateOf = (state: string): Climate => CLIMATE_BY_STATE[state] ?? 'seasons';

export const CLIMATE_TIPS: Record<Climate, string[]> = {
  sun: [
    'Strong {stateName} sun bakes bird droppings and bug splatter into the clear coat within days, so remove them early and keep a sealant on the paint.',
    'UV is the biggest enemy of dashboards and leather in {stateName}; a UV-blocking interior protectant and a sunshade add years to both.',
    'Washing in direct {city} sun leaves spots as the water dries; our detailers work in shade or early in the day and dry by hand.',
  ],
  salt: [
    'Winter road salt around {city} eats at brake lines and rocker panels; an undercarriage rinse after every snowfall is cheap insurance.',
    'Salt-stained carpets are common in {stateName} winters; hot-water extraction dissolves the white crust instead of just vacuuming it.',
    'A sealant or wax applied in the fall makes it far easier to rinse salt and slush off the paint until spring.',
  ],
  rain: [
    'Frequent rain in {stateName} leaves mineral spots and road film; a glass coating helps the windshield shed water at highway speed.',
    'Damp climates invite musty smells; we dry carpets thoroughly and clean the cabin air intake area to keep the interior fresh.',
    'Moss and pine needles collect in cowl vents and door drains around {city}; clearing them prevents leaks and rust.',
  ],
  coast: [
    'Salt air and humidity near the {stateName} coast speed up corrosion; regular washes and a sealant keep the finish protected.',
    'Lovebugs and pollen seasons around {city} stick to the front end; washing them off within a day prevents etching.',
    'Humidity feeds mildew in carpets and headliners, so our interior details finish with a thorough drying and deodorising step.',
  ],
  seasons: [
    'Four seasons in {stateName} mean pollen in spring, bugs in summer, sap in fall and grime in winter; a detail at each change of season keeps it under control.',
    'Tree sap and pollen around {city} bond to the paint when left alone; a clay treatment removes what washing cannot.',
    'A protective sealant twice a year is the simplest way to keep a car in {stateName} easy to clean.',
  ],
};
