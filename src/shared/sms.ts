import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number in E.164 (+15125550123), or null when it is not a valid number; US is assumed without a +. */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** Two ways of writing one number ("(512) 555-0142", "+15125550142") are the same number. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = toE164(a);
  return x !== null && x === toE164(b);
}

export type SmsKeyword = 'stop' | 'start' | 'help';

// CTIA / Twilio's standard opt-out, opt-in and help keywords.
const STOP_WORDS = ['STOP', 'STOPALL', 'QUIT', 'END', 'REVOKE', 'OPT OUT', 'OPTOUT', 'CANCEL', 'UNSUBSCRIBE'];
const START_WORDS = ['START', 'UNSTOP', 'YES', 'OPT IN', 'OPTIN'];
const HELP_WORDS = ['HELP', 'INFO'];

/** The keyword an inbound SMS is, when its whole text is one (case, spaces and punctuation around it ignored). */
export function parseSmsKeyword(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (STOP_WORDS.includes(word)) return 'stop';
  if (START_WORDS.includes(word)) return 'start';
  if (HELP_WORDS.includes(word)) return 'help';
  return null;
}
