import { AlertTriangle } from 'lucide-react';
import { SMS_CHARACTER_LIMIT } from '../../../shared/campaigns';
import { smsSegments } from '../../../shared/sms-segments';

/** §9: characters out of 160, the segment count, and a warning when a character forces UCS-2 (70 a segment). */
export function SmsHint({ message }: { message: string }) {
  const info = smsSegments(message);
  return (
    <div className="grid gap-1 text-xs text-slate-600" aria-live="polite">
      <p className={info.characters > SMS_CHARACTER_LIMIT ? 'font-medium text-amber-700' : undefined}>
        {info.characters}/{SMS_CHARACTER_LIMIT} characters · {info.segments}{' '}
        {info.segments === 1 ? 'segment' : 'segments'} (before variables are filled)
      </p>
      {info.encoding === 'UCS-2' && (
        <p className="flex items-start gap-1 font-medium text-amber-700" role="status">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {`${info.unicodeCharacters.join(' ')} ${info.unicodeCharacters.length === 1 ? 'is' : 'are'} not in the SMS alphabet: the message is sent as Unicode, 70 characters a segment.`}
        </p>
      )}
    </div>
  );
}

export function EmailHint() {
  return (
    <p className="text-xs text-slate-500">
      Variables: {'{customer_name}'}, {'{business_name}'}, {'{booking_link}'} (also {'{date}'}, {'{time}'},{' '}
      {'{expiry_date}'}). An unsubscribe link and your business address are added.
    </p>
  );
}
