import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../db/factories';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

describe('PUT /api/customer-consent/{id} with nothing changed', () => {
  it('answers 200 with the unchanged record (it answered 500 "No values to set"), before and after a change', async () => {
    const owner = await t.signUp();
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '5125550160',
    });
    const put = (json: { emailMarketing: boolean; smsMarketing: boolean }) =>
      t.request(`/api/customer-consent/${customer.id}`, { method: 'PUT', cookie: owner.cookie, json });
    const initial = await (
      await t.request(`/api/customer-consent/${customer.id}`, { cookie: owner.cookie })
    ).json();

    // No consent row yet, and the defaults saved as they are.
    const untouched = await put({ emailMarketing: true, smsMarketing: false });
    expect(untouched.status).toBe(200);
    expect(await untouched.json()).toEqual(initial);

    const changed = await put({ emailMarketing: false, smsMarketing: true });
    expect(changed.status).toBe(200);
    const recorded = await changed.json();
    expect(recorded).toMatchObject({
      emailMarketing: false,
      smsMarketing: true,
      smsSource: 'owner',
      emailSource: 'owner',
    });

    // The same choices again: the source and time still say when the customer last decided.
    const again = await put({ emailMarketing: false, smsMarketing: true });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(recorded);
  });
});
