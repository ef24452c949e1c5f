import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

describe('OpenAPI document', () => {
  it('lists the owner-operations routes', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of [
      '/api/inventory',
      '/api/inventory/{id}/adjust',
      '/api/inventory/purchase-order.csv',
      '/api/inventory/service-usage/{id}',
      '/api/business-profile/business-page',
      '/api/business-profile/testimonials/{id}',
      '/api/service-areas/{id}',
      '/api/service-areas/waitlist-insights',
      '/api/service-areas/zip-lookup/{zip}',
      '/api/verification/documents',
      '/api/verification/documents/{id}/file',
      '/api/admin/verifications/{id}/reject',
      '/api/admin/outbox',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths['/api/verification/documents']!)).toEqual(['post']);
  });
});
