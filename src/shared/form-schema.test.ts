import { describe, expect, it } from 'vitest';
import { testimonialFormSchema } from './business-profile';
import { DEFAULT_VEHICLE_MULTIPLIERS, VEHICLE_TYPES } from './constants';
import { SEO_TEXT } from './seo.constants';
import { adminGenerateFormSchema, landingPagesFormSchema } from './seo.schemas';
import { serviceFormSchema } from './services.schemas';

// The forms' schemas (issue 13): the fields as typed, checked by the API's own schema, each message on its field.

/** The first message of each field, as react-hook-form's resolver shows it. */
function messages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) first[i.path.join('.')] ??= i.message;
  return first;
}
const multipliers = Object.fromEntries(VEHICLE_TYPES.map((t) => [t, String(DEFAULT_VEHICLE_MULTIPLIERS[t])]));

describe('serviceFormSchema', () => {
  it('turns dollars, minutes and multiplier texts into the API input', () => {
    const r = serviceFormSchema.safeParse({
      name: ' Wash ',
      description: '',
      price: '45.50',
      duration: '60',
      multipliers,
    });
    expect(r.success && r.data).toMatchObject({
      name: 'Wash',
      description: null,
      basePriceCents: 4550,
      durationMinutes: 60,
    });
    expect(r.success && r.data.vehicleTypeMultipliers?.suv).toBe(DEFAULT_VEHICLE_MULTIPLIERS.suv);
  });
  it('gives the dialog its messages, on the fields', () => {
    expect(
      messages(
        serviceFormSchema.safeParse({ name: '', description: '', price: '', duration: '', multipliers }),
      ),
    ).toEqual({
      name: 'Service name is required',
      price: 'Base price is required',
      duration: 'Duration is required',
    });
    expect(
      messages(
        serviceFormSchema.safeParse({
          name: 'W',
          description: '',
          price: '4.5.0',
          duration: '1.5',
          multipliers,
        }),
      ),
    ).toEqual({
      price: 'Enter a price in dollars, e.g. 45 or 45.50',
      duration: 'Duration must be a whole number of minutes',
    });
    // The API schema's own rules, renamed to the form's fields.
    expect(
      messages(
        serviceFormSchema.safeParse({
          name: 'W',
          description: '',
          price: '45',
          duration: '5',
          multipliers: { ...multipliers, suv: '0' },
        }),
      ),
    ).toEqual({
      duration: 'Duration must be at least 15 minutes',
      multipliers: 'Each vehicle multiplier must be greater than 0',
    });
  });
});

describe('testimonialFormSchema', () => {
  it('requires the name and the text with the spec message and reads the rating', () => {
    expect(
      messages(
        testimonialFormSchema.safeParse({
          customerName: ' ',
          serviceType: '',
          rating: '5',
          testimonialText: '',
        }),
      ),
    ).toEqual({
      customerName: 'Please fill in customer name and testimonial text',
      testimonialText: 'Please fill in customer name and testimonial text',
    });
    const r = testimonialFormSchema.safeParse({
      customerName: 'Ana',
      serviceType: '',
      rating: '4',
      testimonialText: 'Great',
    });
    expect(r.success && r.data).toMatchObject({ customerName: 'Ana', rating: 4, serviceType: null });
  });
});

describe('the SEO generators', () => {
  it('owner: keyword, cities and state with the spec messages', () => {
    expect(messages(landingPagesFormSchema.safeParse({ keyword: '', cities: [' '], state: '' }))).toEqual({
      keyword: SEO_TEXT.missingKeyword.description,
      cities: SEO_TEXT.noCities.description,
      state: SEO_TEXT.noState.description,
    });
    const r = landingPagesFormSchema.safeParse({ keyword: 'detailing', cities: ['Austin', ''], state: 'TX' });
    expect(r.success && r.data).toEqual({ keyword: 'detailing', cities: ['Austin'], state: 'TX' });
  });
  it('admin: keywords and states with the spec messages; batch size 10', () => {
    expect(
      messages(
        adminGenerateFormSchema.safeParse({ keywords: [''], targetVehicles: false, selectedStates: [] }),
      ),
    ).toEqual({
      keywords: SEO_TEXT.missingKeywords.description,
      selectedStates: SEO_TEXT.noStates.description,
    });
    const r = adminGenerateFormSchema.safeParse({
      keywords: ['wash', ' '],
      targetVehicles: true,
      selectedStates: ['TX'],
    });
    expect(r.success && r.data).toEqual({
      keywords: ['wash'],
      targetVehicles: true,
      selectedStates: ['TX'],
      batchSize: 10,
    });
  });
});
