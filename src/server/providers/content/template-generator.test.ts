import { describe, expect, it } from 'vitest';
import { LANDING_PAGE_STATES, POPULAR_VEHICLES, pageSlug } from '../../../shared/seo.constants';
import { pageContext } from '../../features/seo/generation/seo-context';
import { largestCities } from '../../features/seo/seo-geo';
import type { BusinessForPage } from './content-generator';
import { generateFromTemplates } from './template-generator';

const bodyText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const business: BusinessForPage = {
  id: 'b1',
  name: 'Lone Star Mobile Detailing',
  phone: '(512) 555-0142',
  tagline: 'Showroom shine in your driveway',
  description: 'Family-run mobile detailing serving central Austin since 2017.',
  yearsInBusiness: 8,
  specialties: ['Ceramic coatings'],
  guarantees: ['100% satisfaction or we come back free'],
  services: [
    { name: 'Express Wash', description: null, basePriceCents: 3_900, durationMinutes: 45 },
    { name: 'Full Detail', description: 'Inside and out', basePriceCents: 16_500, durationMinutes: 180 },
  ],
};

describe('the template content engine', () => {
  it('writes a different body for every keyword, city, state and vehicle', () => {
    const bodies = new Set<string>();
    let count = 0;
    for (const state of ['TX', 'ME'] as const) {
      for (const city of largestCities(state, 5)) {
        for (const keyword of ['car detailing', 'mobile car wash']) {
          for (const vehicle of [null, ...POPULAR_VEHICLES]) {
            const subject = { keyword, city: city.name, state, vehicle };
            const out = generateFromTemplates(
              pageContext({
                slug: pageSlug(subject),
                keyword,
                city: city.name,
                state,
                vehicleMake: vehicle?.make ?? null,
                vehicleModel: vehicle?.model ?? null,
                business: null,
              }),
            );
            bodies.add(bodyText(out.html));
            count++;
          }
        }
      }
    }
    expect(count).toBe(2 * 5 * 2 * 26);
    expect(bodies.size).toBe(count);
  });

  it('gives numbered pages of the same subject a different body (variant)', () => {
    const make = (slug: string, variant: number) =>
      bodyText(
        generateFromTemplates(
          pageContext({
            slug,
            keyword: 'car detailing',
            city: 'Austin',
            state: 'TX',
            vehicleMake: null,
            vehicleModel: null,
            business,
            variant,
          }),
        ).html,
      );
    const texts = ['car-detailing-austin-tx', 'car-detailing-austin-tx-2', 'car-detailing-austin-tx-3'].map(
      (s, i) => make(s, i + 1),
    );
    expect(new Set(texts).size).toBe(3);
  });

  it("shows the business's services and prices, nearby zip codes, vehicle advice and an FAQ", () => {
    const out = generateFromTemplates(
      pageContext({
        slug: 'detailing-ford-f-150-austin-tx',
        keyword: 'detailing',
        city: 'Austin',
        state: 'TX',
        vehicleMake: 'Ford',
        vehicleModel: 'F-150',
        business,
      }),
    );
    expect(out.html).toContain('Services and prices from Lone Star Mobile Detailing');
    // An F-150 is priced as a truck: 1.3 × $39 = $50.70, rounded to $51 (§9).
    expect(out.html).toContain('Express Wash');
    expect(out.html).toContain('$51.00');
    expect(out.html).toContain('$215.00');
    expect(out.html).toContain('78701');
    expect(out.html).toMatch(/F-150’s aluminium body/);
    expect(out.html).toContain('Frequently asked questions');
    expect(out.faq).toHaveLength(4);
    expect(out.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it('offers platform pages the demo packages and climate advice for the state', () => {
    const out = generateFromTemplates(
      pageContext({
        slug: 'car-wash-buffalo-ny',
        keyword: 'car wash',
        city: 'Buffalo',
        state: 'NY',
        vehicleMake: null,
        vehicleModel: null,
        business: null,
      }),
    );
    expect(out.html).toContain('Basic Wash &amp; Vacuum');
    expect(out.html).toContain('$45.00');
    expect(out.html).toMatch(/salt/i);
  });

  it('escapes what the owner typed and keeps the HTML free of scripts', () => {
    for (const state of LANDING_PAGE_STATES.slice(0, 2)) {
      const out = generateFromTemplates(
        pageContext({
          slug: 'x',
          keyword: '<script>alert(1)</script> detailing',
          city: '<img src=x onerror=alert(2)>',
          state,
          vehicleMake: null,
          vehicleModel: null,
          business: { ...business, name: '<b onclick="x()">Evil</b>', services: [] },
        }),
      );
      // Only escaped text: no real script or image tag, no event handler on any real tag.
      expect(out.html).not.toMatch(/<(script|img)\b/i);
      expect(out.html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
      expect(out.html).toContain('&lt;script&gt;');
    }
  });
});
