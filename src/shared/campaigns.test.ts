import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, campaignInputSchema, campaignStatusLabel, fillVariables } from './campaigns';
import { nextAllowedSendTime } from './quiet-hours';

describe('fillVariables', () => {
  it('fills every known variable, each occurrence', () => {
    const text =
      'Hi {customer_name}, {business_name} on {date} at {time}: {booking_link} until {expiry_date}. Bye {customer_name}';
    expect(
      fillVariables(text, {
        customer_name: 'Ana',
        business_name: 'Shiny',
        date: 'Jun 3, 2026',
        time: '10:00 AM',
        booking_link: 'https://x.test/book',
        expiry_date: 'Jul 3, 2026',
      }),
    ).toBe('Hi Ana, Shiny on Jun 3, 2026 at 10:00 AM: https://x.test/book until Jul 3, 2026. Bye Ana');
  });

  it('leaves unknown or unfilled placeholders as written', () => {
    expect(fillVariables('Hi {customer_nme} {time}', { customer_name: 'Ana' })).toBe(
      'Hi {customer_nme} {time}',
    );
  });

  it('does not treat a value as a placeholder again', () => {
    expect(fillVariables('{customer_name}', { customer_name: '{business_name}', business_name: 'X' })).toBe(
      '{business_name}',
    );
  });
});

describe('campaign rules', () => {
  it('requires name and message with the spec message', () => {
    const r = campaignInputSchema.safeParse({ name: ' ', type: 'email', message: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please fill in all required fields');
    expect(
      campaignInputSchema.safeParse({ name: 'a', type: 'sms', message: '' }).error?.issues[0]?.message,
    ).toBe('Please fill in all required fields');
  });
  it('drops the subject of an SMS campaign', () => {
    expect(
      campaignInputSchema.parse({ name: 'a', type: 'sms', subject: 'S', message: 'm' }).subject,
    ).toBeNull();
  });
  it('has the three built-ins of §3 and shows Unknown for other states', () => {
    expect(BUILT_IN_TEMPLATES.map((t) => [t.name, t.type])).toEqual([
      ['Booking Reminder', 'sms'],
      ['Service Follow-up', 'email'],
      ['Seasonal Promotion', 'email'],
    ]);
    expect(campaignStatusLabel('sent')).toBe('Sent');
    expect(campaignStatusLabel('weird')).toBe('Unknown');
  });
});

describe('quiet hours (8:00–21:00 in the business zone)', () => {
  const at = (iso: string) => new Date(iso);
  it('sends at once inside the window', () => {
    // 15:00 UTC = 10:00 in Chicago (CDT, UTC-5).
    expect(nextAllowedSendTime(at('2026-06-03T15:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-06-03T15:00:00.000Z',
    );
  });
  it('waits from 21:00 until 8:00 the next day', () => {
    // 02:30 UTC on the 4th = 21:30 on the 3rd in Chicago → 8:00 on the 4th = 13:00 UTC.
    expect(nextAllowedSendTime(at('2026-06-04T02:30:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-06-04T13:00:00.000Z',
    );
    expect(nextAllowedSendTime(at('2026-06-04T02:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-06-04T13:00:00.000Z',
    );
  });
  it('waits from early morning until 8:00 the same day', () => {
    // 11:00 UTC = 07:00 CDT → 13:00 UTC.
    expect(nextAllowedSendTime(at('2026-06-03T11:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-06-03T13:00:00.000Z',
    );
  });
  it('uses each zone: the same instant is allowed in Los Angeles and quiet in New York', () => {
    const instant = at('2026-06-04T01:30:00Z'); // 21:30 EDT, 18:30 PDT
    expect(nextAllowedSendTime(instant, 'America/Los_Angeles')).toEqual(instant);
    expect(nextAllowedSendTime(instant, 'America/New_York').toISOString()).toBe('2026-06-04T12:00:00.000Z');
  });
  it('crosses a month end and a DST change', () => {
    // 22:00 CST on Mar 7 2026 (04:00 UTC Mar 8); DST starts Mar 8 → 8:00 CDT = 13:00 UTC.
    expect(nextAllowedSendTime(at('2026-03-08T04:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    // 23:00 on Jan 31 in Tokyo → 8:00 Feb 1 JST = 23:00 UTC Jan 31.
    expect(nextAllowedSendTime(at('2026-01-31T14:00:00Z'), 'Asia/Tokyo').toISOString()).toBe(
      '2026-01-31T23:00:00.000Z',
    );
  });
  it('21:00 itself is quiet, 8:00 itself is allowed', () => {
    expect(nextAllowedSendTime(at('2026-06-04T02:00:00Z'), 'America/Chicago')).not.toEqual(
      at('2026-06-04T02:00:00Z'),
    );
    expect(nextAllowedSendTime(at('2026-06-03T13:00:00Z'), 'America/Chicago')).toEqual(
      at('2026-06-03T13:00:00Z'),
    );
  });
});
