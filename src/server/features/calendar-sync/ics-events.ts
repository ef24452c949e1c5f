import { tzOffset } from '@date-fns/tz';
import { escape as escapeText } from 'ical-generator';

// A feed's VEVENTs written directly (decision 1250): ical-generator folds every line one character at a time with a
// new TextEncoder per character, 2 s for a 2,000-event feed; this writes the same lines and folds them the same way
// (74 octets, a space before each continuation) in a few milliseconds. The calendar around them, with its VTIMEZONE,
// is still ical-generator's.

export interface FeedEvent {
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

const utf8Length = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/** RFC 5545 §3.1 folding as ical-generator does it: at most 74 octets a line, continuation lines start with a space. */
export function foldLine(line: string): string {
  // Plain ASCII lines that fit (nearly all of them) are left as they are.
  if (line.length <= 74 && !/[^ -~]/.test(line)) return line;
  let out = '';
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    let ch = line.charAt(i);
    let code = line.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) {
      ch += line.charAt(++i);
      code = 0x10000;
    }
    const n = utf8Length(code);
    octets += n;
    if (octets > 74) {
      out += '\r\n ';
      octets = n;
    }
    out += ch;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

const DAY_MS = 86_400_000;

/**
 * The wall-clock time of instants in a zone, as DATE-TIMEs without zone (YYYYMMDDTHHMMSS). The zone's offset is asked
 * (an Intl call, the slow part) once per UTC day when it is the same at both ends of the day, else per instant.
 */
function localStamps(timeZone: string) {
  const dayOffsets = new Map<number, number | null>();
  const offsetMs = (t: number) => tzOffset(timeZone, new Date(t)) * 60_000;
  return (instant: Date) => {
    const t = instant.getTime();
    const day = Math.floor(t / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const first = offsetMs(day * DAY_MS);
      offset = first === offsetMs((day + 1) * DAY_MS - 1) ? first : null;
      dayOffsets.set(day, offset);
    }
    const d = new Date(t + (offset ?? offsetMs(t)));
    return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  };
}

/** An instant in UTC (YYYYMMDDTHHMMSSZ), as DTSTAMP must be (RFC 5545 §3.8.7.2). */
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The VEVENT blocks of a feed, each line ended by CRLF. */
export function renderEvents(events: readonly FeedEvent[], timeZone: string): string {
  const parts: string[] = [];
  const localStamp = localStamps(timeZone);
  for (const e of events) {
    parts.push(
      'BEGIN:VEVENT',
      foldLine(`UID:${e.uid}`),
      `SEQUENCE:${e.sequence}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      foldLine(`DTSTART;TZID=${timeZone}:${localStamp(e.start)}`),
      foldLine(`DTEND;TZID=${timeZone}:${localStamp(e.end)}`),
      foldLine(`SUMMARY:${escapeText(e.summary, false)}`),
      ...(e.location ? [foldLine(`LOCATION:${escapeText(e.location, false)}`)] : []),
      foldLine(`DESCRIPTION:${escapeText(e.description, false)}`),
      `STATUS:${e.status}`,
      'END:VEVENT',
    );
  }
  return parts.length ? `${parts.join('\r\n')}\r\n` : '';
}
