import { DEFAULT_VEHICLE_MULTIPLIERS, DEMO_SERVICES } from '../../../shared/constants';
import { escapeHtml } from '../../../shared/html';
import { formatCents } from '../../../shared/money';
import { priceForVehicleCents } from '../../../shared/pricing';
import { titleCase } from '../../../shared/seo.constants';
import type { ContentGenerator, FaqItem, GeneratedContent, PageContext } from './content-generator';
import { CLASS_TIPS, CLIMATE_TIPS, climateOf, MODEL_NOTES, vehicleTypeOf } from './vehicle-advice';

// The built-in content engine: readable copy assembled from varied phrasings, chosen by a generator seeded with
// the page's slug (so a page always reads the same) and filled with the page's own facts (city, nearby zips,
// vehicle, business services and prices), so no two pages share their body text.

/** FNV-1a: a small, stable string hash. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: deterministic pseudo-random numbers from a seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Vars = Record<string, string>;
const fill = (template: string, vars: Vars) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

const INTROS = [
  'Looking for {kw} in {city}? {brand} brings a fully equipped detailing setup to your driveway, office parking lot or apartment garage anywhere in {city}, {stateName}, so {subject} gets a professional clean without you losing an afternoon.',
  '{brand} makes {kw} in {city} simple: book online in about a minute, pick a time that suits you, and a detailer arrives with water, power and pro-grade products to take care of {subject} on the spot.',
  'Drivers across {city} choose {brand} when they want {kw} done right. We come to you in {city}, {state}, treat {subject} with the same care a showroom would, and you only pay for the service you booked.',
  'Skip the car-wash line. {brand} offers {kw} throughout {city} and the surrounding {stateName} neighbourhoods, with mobile detailers who bring everything needed to make {subject} look and feel new again.',
  'Your time matters, and so does {subject}. That is why {brand} delivers {kw} at your door in {city}: a careful hand wash, a spotless interior and protection that lasts, all while you work or relax.',
  'From quick maintenance washes to full paint protection, {brand} covers {kw} in {city}, {state}. Tell us where {subject} is parked and our detailer handles the rest.',
  '{city} weather, commutes and weekend trips all take a toll on {subject}. {brand} answers with {kw} that comes to you, booked online and finished in your driveway.',
  'If you have been searching for dependable {kw} near {city}, {brand} is ready to help. Mobile detailers, transparent prices and an easy online booking make looking after {subject} effortless in {stateName}.',
];

const SECOND_PARAGRAPHS = [
  'Every appointment starts with a quick walk-around so we know what {subject} needs, and ends with a final inspection before we leave.',
  'We use pH-balanced shampoos, clean microfibre for every panel and scratch-free drying, the details that separate real {kw} from a quick rinse.',
  'Booking takes about a minute, and you can add notes about stains, pet hair or problem spots so the detailer arrives prepared.',
  'Because we come to you, there is no waiting room and no driving across {city}; most customers carry on with their day while we work.',
  'Our detailers are insured professionals who treat {subject} as if it were their own, from the wheels to the headliner.',
];

const INTRO_HEADINGS = [
  '{Kw} that comes to you in {city}',
  'Professional {kw} at your door in {city}',
  'Your {kw} team in {city}, {state}',
  '{Kw} in {city} without the drive',
  'Book {kw} in {city} online',
];

const STEP_SETS = [
  [
    'Choose your service and book a time online.',
    'A detailer arrives at your {city} address with everything needed.',
    'Inspect the result, pay securely and enjoy the shine.',
  ],
  [
    'Pick a package and tell us where {subject} is parked.',
    'We wash, clean and protect it on site in {city}.',
    'You get a spotless car and a receipt by email.',
  ],
  [
    'Book in about 60 seconds from any phone.',
    'Our mobile team handles the water, power and products.',
    'Walk out to a freshly detailed car, anywhere in {city}.',
  ],
  [
    'Select {kw} and your preferred date.',
    'Receive a reminder before your detailer arrives.',
    'Approve the finished work with a final walk-around.',
  ],
];

const WHY_HEADINGS = [
  'How mobile {kw} works in {city}',
  'Booking {kw} in {city}, step by step',
  'Three steps to a cleaner car in {city}',
  'What to expect from {kw} near you',
];

const FAQ_POOL: Array<[string, string]> = [
  [
    'How much does {kw} cost in {city}?',
    'Prices start at {fromPrice} for a maintenance wash and depend on the service and vehicle size; you see the exact price before you book.',
  ],
  [
    'Do I need to be home during my {city} appointment?',
    'No. As long as the detailer can reach {subject} and, for interior work, has the keys, you can carry on with your day.',
  ],
  [
    'Do you bring your own water and power?',
    'Yes. Our mobile setup carries water, power and every product needed, so {kw} works at homes, offices and apartment garages in {city}.',
  ],
  [
    'How long does {kw} take?',
    'A basic wash takes about an hour; a full interior and exterior detail takes around three hours, and ceramic coatings take most of a day.',
  ],
  [
    'Which areas around {city} do you serve?',
    'We serve {city} and nearby areas including zip codes {zipList}.',
  ],
  [
    'Is {kw} safe for {subject}?',
    'Yes. We use pH-balanced products, clean microfibre for every panel and scratch-free drying methods suited to {subject}.',
  ],
  [
    'What happens if it rains on the day of my {city} detail?',
    'We will contact you to reschedule at no charge; rescheduling needs at least 24 hours’ notice otherwise.',
  ],
  [
    'Can I book {kw} for a company fleet in {stateName}?',
    'Yes. Fleet and repeat bookings are welcome, and recurring appointments keep every vehicle looking consistent.',
  ],
];

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function servicesSection(ctx: PageContext, vars: Vars): string {
  const type = ctx.vehicle ? vehicleTypeOf(ctx.vehicle) : null;
  const multiplier = type ? DEFAULT_VEHICLE_MULTIPLIERS[type] : 1;
  const price = (cents: number) => formatCents(priceForVehicleCents(cents, multiplier));
  const own = ctx.business?.services ?? [];
  const list = own.length > 0 ? own : DEMO_SERVICES.map((s) => ({ ...s, description: null }));
  const heading = ctx.business
    ? fill('Services and prices from {brand}', vars)
    : fill('Popular detailing packages in {city}', vars);
  const priceNote = ctx.vehicle
    ? fill(
        `Prices shown for {subject}, priced as ${escapeHtml(type ?? 'sedan')} (${multiplier}× the base price).`,
        vars,
      )
    : 'Prices shown for a standard sedan; larger vehicles are priced by size.';
  const rows = list
    .map(
      (s) =>
        `<tr><td><strong>${escapeHtml(s.name)}</strong>${s.description ? ` — ${escapeHtml(s.description)}` : ''}</td><td>${price(s.basePriceCents)}</td><td>${Math.round(s.durationMinutes / 6) / 10} h</td></tr>`,
    )
    .join('');
  return `<h2>${heading}</h2><p>${priceNote}</p><table><thead><tr><th scope="col">Service</th><th scope="col">Price</th><th scope="col">Time</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function businessSection(ctx: PageContext, vars: Vars): string {
  const b = ctx.business;
  if (!b) return '';
  const parts: string[] = [];
  if (b.description) parts.push(`<p>${escapeHtml(b.description)}</p>`);
  const facts: string[] = [];
  if (b.yearsInBusiness > 0)
    facts.push(`${b.yearsInBusiness} years detailing cars in ${escapeHtml(ctx.stateName)}`);
  facts.push(...b.specialties.slice(0, 4).map(escapeHtml), ...b.guarantees.slice(0, 3).map(escapeHtml));
  if (facts.length > 0) parts.push(`<ul>${facts.map((f) => `<li>${f}</li>`).join('')}</ul>`);
  if (parts.length === 0) return '';
  return `<h2>${fill('About {brand}', vars)}</h2>${parts.join('')}`;
}

function careSection(ctx: PageContext, vars: Vars, next: () => number): string {
  const climateTips = shuffled(CLIMATE_TIPS[climateOf(ctx.stateCode)], next).slice(0, 2);
  if (ctx.vehicle) {
    const key = `${ctx.vehicle.make} ${ctx.vehicle.model}`;
    const tips = shuffled(CLASS_TIPS[ctx.vehicle.kind], next).slice(0, 2);
    const note = MODEL_NOTES[key];
    return `<h2>${fill('Caring for your {vehicle} in {city}', vars)}</h2><p>${note ? escapeHtml(note) : ''}</p><ul>${[
      ...tips,
      ...climateTips,
    ]
      .map((t) => `<li>${fill(t, vars)}</li>`)
      .join('')}</ul>`;
  }
  return `<h2>${fill('Detailing advice for {city} drivers', vars)}</h2><ul>${climateTips.map((t) => `<li>${fill(t, vars)}</li>`).join('')}</ul>`;
}

function areaSection(ctx: PageContext, vars: Vars): string {
  if (ctx.area.zips.length === 0) {
    return `<h2>${fill('Serving {city} and nearby', vars)}</h2><p>${fill('Our detailers come to homes, offices and apartment complexes across {city}, {stateName}. Enter your zip code when you book to confirm your address is covered.', vars)}</p>`;
  }
  const towns =
    ctx.area.towns.length > 0 ? ` We also travel to nearby ${escapeHtml(listText(ctx.area.towns))}.` : '';
  return `<h2>${fill('Areas we serve around {city}', vars)}</h2><p>${fill('Our detailers cover {city}, including zip codes {zipList}.', vars)}${towns}</p>`;
}

function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function generateFromTemplates(ctx: PageContext): GeneratedContent {
  const next = random(hash(ctx.slug));
  const kw = ctx.keyword.trim().replace(/\s+/g, ' ').toLowerCase();
  const vehicleName = ctx.vehicle ? `${ctx.vehicle.make} ${ctx.vehicle.model}` : '';
  const vars: Vars = {
    kw: escapeHtml(kw),
    Kw: escapeHtml(titleCase(kw)),
    city: escapeHtml(ctx.city),
    state: escapeHtml(ctx.stateCode),
    stateName: escapeHtml(ctx.stateName),
    vehicle: escapeHtml(vehicleName),
    subject: ctx.vehicle ? `your ${escapeHtml(vehicleName)}` : 'your car',
    brand: escapeHtml(ctx.business?.name ?? 'ShineRoute'),
    zipList: escapeHtml(listText(ctx.area.zips.slice(0, 6))) || escapeHtml(ctx.city),
    fromPrice: formatCents(
      Math.min(
        ...(ctx.business?.services.length ? ctx.business.services : DEMO_SERVICES).map(
          (s) => s.basePriceCents,
        ),
      ),
    ),
  };
  // A page whose slug needed a suffix (variant 2, 3…) starts from a different intro than the original.
  const introIndex = (Math.floor(next() * INTROS.length) + ctx.variant - 1) % INTROS.length;
  const intro = fill(INTROS[introIndex]!, vars);
  const introHeading = Math.floor(next() * INTRO_HEADINGS.length);
  const second = fill(SECOND_PARAGRAPHS[Math.floor(next() * SECOND_PARAGRAPHS.length)]!, vars);
  const steps = STEP_SETS[Math.floor(next() * STEP_SETS.length)]!;
  const stepsHeading = fill(WHY_HEADINGS[Math.floor(next() * WHY_HEADINGS.length)]!, vars);

  const faqPairs = shuffled(FAQ_POOL, next).slice(0, 4);
  const faq: FaqItem[] = faqPairs.map(([q, a]) => ({
    question: decode(fill(q, vars)),
    answer: decode(fill(a, vars)),
  }));

  const html = [
    `<section><h2>${fill(ctx.vehicle ? '{Kw} for your {vehicle} in {city}' : INTRO_HEADINGS[introHeading]!, vars)}</h2><p>${intro}</p><p>${second}</p></section>`,
    `<section>${servicesSection(ctx, vars)}</section>`,
    ctx.business ? `<section>${businessSection(ctx, vars)}</section>` : '',
    `<section>${careSection(ctx, vars, next)}</section>`,
    `<section>${areaSection(ctx, vars)}</section>`,
    `<section><h2>${stepsHeading}</h2><ol>${steps.map((s) => `<li>${fill(s, vars)}</li>`).join('')}</ol></section>`,
    `<section><h2>Frequently asked questions</h2>${faq.map((f) => `<h3>${escapeHtml(f.question)}</h3><p>${escapeHtml(f.answer)}</p>`).join('')}</section>`,
  ].join('');

  const subject = ctx.vehicle ? `${titleCase(kw)} for ${vehicleName}` : titleCase(kw);
  const brand = ctx.business?.name ?? 'ShineRoute';
  const metaOptions = [
    `${subject} in ${ctx.city}, ${ctx.stateCode} from ${brand}. Mobile detailers come to you; book online in 60 seconds. ${ctx.area.zips.length > 0 ? `Serving zip codes ${ctx.area.zips.slice(0, 3).join(', ')}.` : 'Serving all of the area.'}`,
    `Book ${kw} in ${ctx.city}, ${ctx.stateName} with ${brand}: professional mobile detailing at your home or office, transparent prices, easy online booking.`,
    `Mobile ${kw} across ${ctx.city}, ${ctx.stateCode}${ctx.vehicle ? ` for your ${vehicleName}` : ''}. ${brand} brings the water, power and pro products. See prices and book online.`,
  ];
  return {
    metaDescription: truncate(metaOptions[Math.floor(next() * metaOptions.length)]!, 160),
    // Sanitised where it is stored (seo-pages.service / seo-runs.service), like any generator's output.
    html,
    faq,
  };
}

/** Vars are HTML-escaped for the body; FAQ items are stored as plain text. */
function decode(text: string) {
  return text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}

function truncate(text: string, max: number) {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

export function createTemplateGenerator(): ContentGenerator {
  return { name: 'templates', generate: async (ctx) => generateFromTemplates(ctx) };
}
