import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderWithQueries, stubApi } from '../../test/render';
import { NewQuoteDialog } from './new-quote-dialog';

// §5 New Quote: line total = quantity × unit price, subtotal = the lines, tax on the subtotal (half-up once), the
// deposit a percent of the total or a fixed amount never above it — the arithmetic the server repeats
// (src/shared/document-money.ts). Money is asserted as the owner reads it.
const pat = { id: 'cust-pat', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com' };
const sam = { id: 'cust-sam', firstName: 'Sam', lastName: 'Diaz', email: 'sam@example.com' };
const services = {
  items: [
    { id: 'svc-full', name: 'Full Detail', basePriceCents: 14_500 },
    { id: 'svc-wax', name: 'Hand Wax', basePriceCents: 6_000 },
  ],
};

function setup() {
  const calls = stubApi({
    'GET /api/customers': ({ search }: ApiCall) => ({
      body: { items: search.get('q') === 'sam' ? [sam] : [pat, sam], nextCursor: null },
    }),
    'GET /api/services/options': { body: services },
    // An admin set 8.25 % on /admin/settings.
    'GET /api/public/settings': { body: { defaultTaxRateBps: 825 } },
    'POST /api/quotes': { status: 201, body: { id: 'quote-1' } },
  });
  const onOpenChange = vi.fn();
  const view = renderWithQueries(<NewQuoteDialog open onOpenChange={onOpenChange} />);
  return { ...view, calls, onOpenChange };
}

const totals = () => screen.getByLabelText('Quote totals');
const amountAfter = (term: string) => within(totals()).getByText(term).nextElementSibling?.textContent;

async function choose(user: ReturnType<typeof setup>['user'], combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('NewQuoteDialog', () => {
  it('totals the lines, the tax at the admin default rate and a percent deposit', async () => {
    const { user } = setup();
    await waitFor(() =>
      expect((screen.getByLabelText('Tax rate (%)') as HTMLInputElement).value).toBe('8.25'),
    );

    // A service fills its base price; two of them.
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Full Detail · $145.00');
    expect((screen.getByLabelText('Unit price ($)') as HTMLInputElement).value).toBe('145.00');
    await user.fill(screen.getByLabelText('Qty'), '2');
    expect(screen.getByTestId('line-0-total').textContent).toBe('$290.00');

    // A typed line: 3 × $19.99.
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await user.fill(screen.getAllByLabelText('Qty')[1]!, '3');
    await user.fill(screen.getAllByLabelText('Unit price ($)')[1]!, '19.99');
    expect(screen.getByTestId('line-1-total').textContent).toBe('$59.97');

    // $349.97 × 8.25 % = $28.872… → $28.87; total $378.84.
    expect(amountAfter('Subtotal')).toBe('$349.97');
    expect(amountAfter('Tax (8.25%)')).toBe('$28.87');
    expect(screen.getByTestId('quote-total').textContent).toBe('$378.84');
    expect(within(totals()).queryByText('Deposit on acceptance')).toBeNull();

    // 25 % of $378.84 = $94.71.
    await choose(user, screen.getByRole('combobox', { name: 'Deposit' }), 'Percent of total');
    await user.fill(screen.getByLabelText('Deposit (%)'), '25');
    expect(amountAfter('Deposit on acceptance')).toBe('$94.71');

    // Removing the first line leaves the typed one: $59.97 + $4.95 tax (4.9475 rounds up).
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(amountAfter('Subtotal')).toBe('$59.97');
    expect(amountAfter('Tax (8.25%)')).toBe('$4.95');
    expect(screen.getByTestId('quote-total').textContent).toBe('$64.92');
    expect(amountAfter('Deposit on acceptance')).toBe('$16.23');
  });

  it('caps a fixed deposit at the total and follows a changed tax rate', async () => {
    const { user } = setup();
    await waitFor(() =>
      expect((screen.getByLabelText('Tax rate (%)') as HTMLInputElement).value).toBe('8.25'),
    );
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Hand Wax · $60.00');
    await user.fill(screen.getByLabelText('Tax rate (%)'), '10');
    expect(amountAfter('Tax (10%)')).toBe('$6.00');
    expect(screen.getByTestId('quote-total').textContent).toBe('$66.00');

    await choose(user, screen.getByRole('combobox', { name: 'Deposit' }), 'Fixed amount');
    await user.fill(screen.getByLabelText('Deposit ($)'), '20');
    expect(amountAfter('Deposit on acceptance')).toBe('$20.00');
    await user.fill(screen.getByLabelText('Deposit ($)'), '500');
    expect(amountAfter('Deposit on acceptance')).toBe('$66.00');
  });

  it('sends the quote in cents, and keeps the chosen customer while the deposit kind changes', async () => {
    const { user, calls, onOpenChange } = setup();
    await waitFor(() =>
      expect((screen.getByLabelText('Tax rate (%)') as HTMLInputElement).value).toBe('8.25'),
    );
    await choose(user, screen.getByRole('combobox', { name: 'Customer' }), 'Pat Lee · pat@example.com');
    // Another search shows other matches; Pat stays chosen.
    await user.fill(screen.getByLabelText('Find by name or email'), 'sam');
    await waitFor(() => expect(calls.some((c) => c.search.get('q') === 'sam')).toBe(true));
    await choose(user, screen.getByRole('combobox', { name: 'Deposit' }), 'Fixed amount');
    expect(screen.getByRole('combobox', { name: 'Customer' }).textContent).toBe('Pat Lee · pat@example.com');

    await user.fill(screen.getByLabelText('Deposit ($)'), '50');
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Full Detail · $145.00');
    await user.fill(screen.getByLabelText('Qty'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Generate Quote' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        customerId: 'cust-pat',
        items: [{ serviceId: 'svc-full', serviceName: 'Full Detail', quantity: 1.5, unitPriceCents: 14_500 }],
        taxRateBps: 825,
        notes: null,
        deposit: { kind: 'fixed', cents: 5_000 },
      },
    ]);
  });
});
