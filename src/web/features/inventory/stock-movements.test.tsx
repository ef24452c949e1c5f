import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime, viewerTimeZone } from '../../../shared/time';
import { renderWithQueries, stubApi } from '../../test/render';
import { StockMovements } from './stock-movements';

// Owner screens show instants in the business's time zone, whoever looks and wherever they are (decision 1163):
// a movement at 20:00 UTC on Nov 25 is 9:00 AM on Nov 26 for a business in Auckland.
const AT = '2026-11-25T20:00:00.000Z';
const movement = {
  id: 'mov-1',
  itemId: 'item-1',
  itemName: 'Ceramic coating',
  change: -2,
  reason: 'job',
  stockAfter: 8,
  note: null,
  createdAt: AT,
};

function setup(timeZone: string) {
  stubApi({
    'GET /api/scheduling': { body: { timeZone } },
    'GET /api/inventory/movements': { body: { items: [movement], nextCursor: null } },
  });
  return renderWithQueries(<StockMovements />);
}

describe('StockMovements', () => {
  it("shows when stock moved in the business's time zone, not the viewer's", async () => {
    expect(viewerTimeZone()).not.toBe('Pacific/Auckland');
    setup('Pacific/Auckland');
    await waitFor(() => expect(screen.getAllByText('Nov 26, 9:00 AM')).toHaveLength(2));
    expect(formatDateTime(AT, viewerTimeZone(), { year: false })).not.toBe('Nov 26, 9:00 AM');
  });

  it('follows the zone the business chose', async () => {
    setup('America/New_York');
    await waitFor(() => expect(screen.getAllByText('Nov 25, 3:00 PM')).toHaveLength(2));
  });
});
