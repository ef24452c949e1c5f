import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import { contactMessages } from './contact.schema';

const t = await createTestContext();

const valid = {
  firstName: 'Jamie',
  lastName: 'Rivera',
  email: 'jamie.rivera@example.com',
  subject: 'Question about the Pro plan',
  message: 'Can I add a third technician on Pro?\nThanks!',
};

const send = (json: unknown) => t.request('/api/public/contact', { method: 'POST', json });

describe('contact form', () => {
  it('stores the message and mails the support address', async () => {
    const res = await send({ ...valid, firstName: '  Jamie  ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });

    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, firstName: 'Jamie' });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);

    const mails = (await t.emailsTo('support@test.local')).filter((m) => m.body.includes(valid.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Contact form: Question about the Pro plan');
    expect(mails[0]!.body).toContain('Jamie Rivera');
    expect(mails[0]!.body).toContain(valid.email);
    expect(mails[0]!.body).toContain(valid.message);
  });

  it('keeps line breaks out of the mail subject', async () => {
    const res = await send({
      ...valid,
      email: 'subject@example.com',
      subject: 'Hello\r\nBcc: someone@example.com',
    });
    expect(res.status).toBe(201);
    const mails = await t.emailsTo('support@test.local');
    expect(mails.map((m) => m.subject)).toContain('Contact form: Hello Bcc: someone@example.com');
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ] as const)('rejects a missing or blank %s with 400', async (field, message) => {
    const { [field]: _omitted, ...missing } = valid;
    const res = await send(missing);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);

    const blank = await send({ ...valid, [field]: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe(message);
  });

  it('rejects an invalid email with 400', async () => {
    const res = await send({ ...valid, email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please enter a valid email address');
  });

  it.each([
    ['firstName', 101, 'First name must be 100 characters or fewer'],
    ['subject', 201, 'Subject must be 200 characters or fewer'],
    ['message', 5001, 'Message must be 5000 characters or fewer'],
  ] as const)('rejects a %s longer than its limit', async (field, length, message) => {
    const res = await send({ ...valid, [field]: 'x'.repeat(length) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('stores nothing and mails nobody when the input is invalid', async () => {
    await send({ ...valid, email: 'invalid@', subject: '' });
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'invalid@'));
    expect(rows).toHaveLength(0);
  });
});
