import { SegmentedMessage } from 'sms-segments-calculator';

// Kept apart from ./sms (phone numbers) so the campaign form does not load libphonenumber.

export interface SmsSegmentInfo {
  characters: number;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  /** The characters that force UCS-2 (70 characters a segment instead of 160). */
  unicodeCharacters: string[];
}

/** Characters, segments and encoding of an SMS as carriers count them (GSM-7 extended characters count twice). */
export function smsSegments(text: string): SmsSegmentInfo {
  const message = new SegmentedMessage(text);
  return {
    characters: message.numberOfCharacters,
    segments: text.length === 0 ? 0 : message.segmentsCount,
    encoding: message.encodingName,
    unicodeCharacters: [...new Set(message.getNonGsmCharacters())],
  };
}
