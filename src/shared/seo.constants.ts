// SEO page generation: the spec's §9 limits and the lists both generators offer.

export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type StateCode = keyof typeof US_STATES;
export const STATE_CODES = Object.keys(US_STATES) as StateCode[];

export const isStateCode = (value: string): value is StateCode => Object.hasOwn(US_STATES, value);
export const stateName = (code: string) => (isStateCode(code) ? US_STATES[code] : code);

/** The owner's Quick Landing Page Generator offers these 15 states (§9). */
export const LANDING_PAGE_STATES = [
  'CA',
  'TX',
  'FL',
  'NY',
  'PA',
  'IL',
  'OH',
  'GA',
  'NC',
  'MI',
  'NJ',
  'VA',
  'WA',
  'AZ',
  'MA',
] as const satisfies readonly StateCode[];
export type LandingPageState = (typeof LANDING_PAGE_STATES)[number];

export const MAX_LANDING_PAGE_CITIES = 5;
/** Landing pages a business may create in any 24 hours (hardening defect 8: spam pages, and each one costs a generation). */
export const MAX_LANDING_PAGES_PER_DAY = 25;
export const OWNER_PAGE_LIST_LIMIT = 20;
export const MAX_ADMIN_KEYWORDS = 3;
export const ADMIN_PAGE_LIST_LIMIT = 100;
export const SEO_BATCH_SIZE = 10;
export const DEFAULT_CITIES_PER_STATE = 5;

export type VehicleClass = 'truck' | 'suv' | 'sedan' | 'ev' | 'offroad';

/** About 25 popular US makes and models (§9); vehicle targeting multiplies the page count by this list. */
export const POPULAR_VEHICLES = [
  { make: 'Ford', model: 'F-150', kind: 'truck' },
  { make: 'Chevrolet', model: 'Silverado', kind: 'truck' },
  { make: 'Ram', model: '1500', kind: 'truck' },
  { make: 'GMC', model: 'Sierra', kind: 'truck' },
  { make: 'Toyota', model: 'Tacoma', kind: 'truck' },
  { make: 'Toyota', model: 'RAV4', kind: 'suv' },
  { make: 'Honda', model: 'CR-V', kind: 'suv' },
  { make: 'Nissan', model: 'Rogue', kind: 'suv' },
  { make: 'Chevrolet', model: 'Equinox', kind: 'suv' },
  { make: 'Ford', model: 'Explorer', kind: 'suv' },
  { make: 'Toyota', model: 'Highlander', kind: 'suv' },
  { make: 'Hyundai', model: 'Tucson', kind: 'suv' },
  { make: 'Kia', model: 'Sportage', kind: 'suv' },
  { make: 'Ford', model: 'Escape', kind: 'suv' },
  { make: 'Chevrolet', model: 'Tahoe', kind: 'suv' },
  { make: 'Subaru', model: 'Outback', kind: 'suv' },
  { make: 'Jeep', model: 'Grand Cherokee', kind: 'suv' },
  { make: 'Jeep', model: 'Wrangler', kind: 'offroad' },
  { make: 'Toyota', model: 'Camry', kind: 'sedan' },
  { make: 'Toyota', model: 'Corolla', kind: 'sedan' },
  { make: 'Honda', model: 'Civic', kind: 'sedan' },
  { make: 'Honda', model: 'Accord', kind: 'sedan' },
  { make: 'Nissan', model: 'Altima', kind: 'sedan' },
  { make: 'Tesla', model: 'Model 3', kind: 'ev' },
  { make: 'Tesla', model: 'Model Y', kind: 'ev' },
] as const satisfies ReadonlyArray<{ make: string; model: string; kind: VehicleClass }>;
export type PopularVehicle = (typeof POPULAR_VEHICLES)[number];

/** §9: the public page's fixed figures for pages without a business. */
export const PLATFORM_RATING = { value: 4.8, count: 127 } as const;
export const OPENING_HOURS = 'Mo-Sa 08:00-18:00';
export const PRICE_RANGE = '$$';

export const SEO_PAGE_STATUSES = ['draft', 'complete', 'error'] as const;
export type SeoPageStatus = (typeof SEO_PAGE_STATUSES)[number];
export const SEO_RUN_STATUSES = ['queued', 'running', 'complete', 'error', 'cancelled'] as const;
export type SeoRunStatus = (typeof SEO_RUN_STATUSES)[number];

/** Lowercase words joined by dashes: "Car Detailing", "St. Louis", "TX" → car-detailing-st-louis-tx. */
export function slugify(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The slug of a page: keyword-city-state (§5), with the vehicle's make and model before the city when targeted. */
export function pageSlug(p: {
  keyword: string;
  city: string;
  state: string;
  vehicle?: { make: string; model: string } | null;
}) {
  return p.vehicle
    ? slugify(p.keyword, p.vehicle.make, p.vehicle.model, p.city, p.state)
    : slugify(p.keyword, p.city, p.state);
}

/** "car detailing" → "Car Detailing" (keywords are shown as titles). */
export function titleCase(text: string) {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w) => (w.length > 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export function pageTitle(p: {
  keyword: string;
  city: string;
  state: string;
  vehicle?: { make: string; model: string } | null;
}) {
  const subject = p.vehicle
    ? `${titleCase(p.keyword)} for ${p.vehicle.make} ${p.vehicle.model}`
    : titleCase(p.keyword);
  return `${subject} in ${p.city}, ${p.state}`;
}

/** Exact texts of the spec's toasts and validation messages (§5, §8). */
export const SEO_TEXT = {
  missingKeyword: { title: 'Missing Keyword', description: 'Please enter a keyword for your landing pages.' },
  noCities: { title: 'No Cities', description: 'Please enter at least one city.' },
  noState: { title: 'No State Selected', description: 'Please select a state.' },
  tooManyCities: `You can create pages for up to ${MAX_LANDING_PAGE_CITIES} cities at a time.`,
  dailyLimit: `You can create up to ${MAX_LANDING_PAGES_PER_DAY} landing pages a day. Please try again tomorrow.`,
  missingKeywords: { title: 'Missing Keywords', description: 'Please enter at least one keyword.' },
  noStates: { title: 'No States Selected', description: 'Please select at least one state.' },
  tooManyKeywords: `You can use up to ${MAX_ADMIN_KEYWORDS} keywords.`,
  landingGenerationFailed: { title: 'Generation Failed', fallback: 'Failed to create landing pages' },
  landingDeleteFailed: { title: 'Delete Failed', description: 'Failed to delete landing page' },
  adminGenerationFailed: { title: 'Generation Failed', fallback: 'Failed to generate SEO pages' },
  adminGenerated: { title: 'SEO Pages Generated!' },
  adminDeleted: { title: 'Pages Deleted' },
  adminDeleteFailed: { title: 'Delete Failed', description: 'Failed to delete SEO pages' },
  noProfile: 'No profile found',
  runInProgress: 'SEO pages are already being generated. Please wait for the current run to finish.',
} as const;

export const generatedText = (n: number) => `Successfully generated ${n} SEO pages`;
/** "Deleted {n} SEO pages" (§8); one page reads "Deleted 1 SEO page" (docs/decisions/0304). */
export const deletedText = (n: number) => `Deleted ${n} SEO ${n === 1 ? 'page' : 'pages'}`;
export const LANDING_CREATED_TITLE = 'Landing Pages Created!';
export const landingCreatedText = (n: number) =>
  `Successfully created ${n} landing ${n === 1 ? 'page' : 'pages'}`;
