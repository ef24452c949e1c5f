import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceSummary } from './price-summary';

// /book's Price Summary: base × vehicle multiplier rounded to whole dollars, then the promo code, then the reward
// (the order the server charges, src/shared/discounts.ts).
const fullDetail = {
  name: 'Full Detail',
  basePriceCents: 14_500,
  durationMinutes: 150,
  vehicleTypeMultipliers: { suv: 1.25 },
};

const total = () => screen.getByTestId('price-total').textContent;
const row = (term: string) => screen.getByText(term).closest('div') as HTMLElement;

describe('PriceSummary', () => {
  it('asks for a service before it can price anything', () => {
    render(<PriceSummary />);
    expect(screen.getByText('Choose a service to see your price.')).toBeTruthy();
    expect(screen.queryByTestId('price-total')).toBeNull();
  });

  it('shows the base price and no total until a vehicle type is chosen', () => {
    render(<PriceSummary service={fullDetail} />);
    expect(within(row('Full Detail')).getByText('$145.00')).toBeTruthy();
    expect(screen.getByText('Choose a vehicle type')).toBeTruthy();
    expect(screen.getByText('2 hr 30 min')).toBeTruthy();
    expect(total()).toBe('—');
  });

  it('rounds base × multiplier to whole dollars: $145 × 1.25 = $181.25 → $181.00', () => {
    render(<PriceSummary service={fullDetail} vehicleType="suv" />);
    expect(screen.getByText('× 1.25')).toBeTruthy();
    expect(screen.getByText('Vehicle (SUV)')).toBeTruthy();
    expect(total()).toBe('$181.00');
  });

  it("falls back to §9's multiplier for a type the service does not set (truck × 1.3: $188.50 → $189.00)", () => {
    render(<PriceSummary service={fullDetail} vehicleType="truck" />);
    expect(screen.getByText('× 1.3')).toBeTruthy();
    expect(total()).toBe('$189.00');
  });

  it('takes a percent code off the vehicle price, then a discount reward off what is left', () => {
    render(
      <PriceSummary
        service={fullDetail}
        vehicleType="suv"
        promo={{ code: 'SPRING15', discountType: 'percent', discountValue: 15 }}
        reward={{ name: '$20 off', category: 'discount', valueCents: 2_000 }}
      />,
    );
    // 15 % of $181.00 = $27.15; $181.00 − $27.15 = $153.85; − $20.00 = $133.85.
    expect(within(screen.getByTestId('price-promo')).getByText('−$27.15')).toBeTruthy();
    expect(within(screen.getByTestId('price-promo')).getByText('Promo code SPRING15')).toBeTruthy();
    expect(within(screen.getByTestId('price-reward')).getByText('−$20.00')).toBeTruthy();
    expect(total()).toBe('$133.85');
  });

  it('never goes below $0: a fixed code larger than the price takes the whole price, and the reward nothing', () => {
    render(
      <PriceSummary
        service={{ ...fullDetail, basePriceCents: 4_000 }}
        vehicleType="sedan"
        promo={{ code: 'BIG50', discountType: 'fixed', discountValue: 5_000 }}
        reward={{ name: '$10 off', category: 'discount', valueCents: 1_000 }}
      />,
    );
    expect(within(screen.getByTestId('price-promo')).getByText('−$40.00')).toBeTruthy();
    expect(within(screen.getByTestId('price-reward')).getByText('−$0.00')).toBeTruthy();
    expect(total()).toBe('$0.00');
  });

  it('a product reward is handed over at the visit and leaves the total alone', () => {
    render(
      <PriceSummary
        service={fullDetail}
        vehicleType="sedan"
        reward={{ name: 'Air freshener', category: 'product', valueCents: 800 }}
      />,
    );
    expect(within(screen.getByTestId('price-reward')).getByText('At your visit')).toBeTruthy();
    expect(total()).toBe('$145.00');
  });
});
