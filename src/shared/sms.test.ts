import { describe, expect, it } from 'vitest';
import { parseSmsKeyword, toE164 } from './sms';
import { smsSegments } from './sms-segments';

describe('SMS segments', () => {
  it('counts GSM-7: 160 characters in one segment, 161 in two (153 each)', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ characters: 160, segments: 1, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extended GSM characters (€ [ ] { } ~ ^ | \\) as two', () => {
    const info = smsSegments(`${'a'.repeat(158)}€`);
    expect(info.encoding).toBe('GSM-7');
    expect(info.segments).toBe(1);
    expect(smsSegments(`${'a'.repeat(159)}€`).segments).toBe(2);
  });

  it('switches to UCS-2 (70 a segment) for a character outside GSM-7, and names it', () => {
    const info = smsSegments(`Spring offer 😀 ${'a'.repeat(50)}`);
    expect(info.encoding).toBe('UCS-2');
    expect(info.unicodeCharacters).toEqual(['😀']);
    expect(smsSegments('ä'.repeat(70))).toMatchObject({ encoding: 'GSM-7' });
    expect(smsSegments('ő'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('ő'.repeat(71))).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('an empty message has no segments', () => {
    expect(smsSegments('').segments).toBe(0);
  });
});

describe('SMS keywords', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop. ',
    'QUIT',
    'END',
    'REVOKE',
    'OPT OUT',
    'opt  out',
    'CANCEL',
    'UNSUBSCRIBE',
    'StopAll',
  ])('%j opts out', (body) => expect(parseSmsKeyword(body)).toBe('stop'));
  it.each(['START', 'start', 'UNSTOP'])('%j opts back in', (body) =>
    expect(parseSmsKeyword(body)).toBe('start'),
  );
  it('HELP asks for help', () => expect(parseSmsKeyword('help')).toBe('help'));
  it.each(['please stop texting me', 'STOPPED', 'Thanks!', '', 'see you at 10'])(
    '%j is not a keyword',
    (body) => expect(parseSmsKeyword(body)).toBeNull(),
  );
});

describe('E.164', () => {
  it('normalises US numbers and keeps international ones', () => {
    expect(toE164('(512) 555-0123')).toBe('+15125550123');
    expect(toE164('512.555.0123')).toBe('+15125550123');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('123')).toBeNull();
    expect(toE164(null)).toBeNull();
  });
});
