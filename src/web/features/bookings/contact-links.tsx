import { Mail, MapPinned, MessageSquare, Phone } from 'lucide-react';

const linkClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md border border-slate-200 px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-accent';

/** Call, text, email and map links for a booking's customer and address (phone apps open them). */
export function ContactLinks({
  phone,
  email,
  address,
  name,
}: {
  phone: string | null | undefined;
  email: string | null | undefined;
  address: string;
  name: string;
}) {
  const tel = phone?.replace(/[^\d+]/g, '');
  return (
    <div className="flex flex-wrap gap-2">
      {tel && (
        <a href={`tel:${tel}`} className={linkClass} aria-label={`Call ${name}`}>
          <Phone className="size-4" aria-hidden="true" /> Call
        </a>
      )}
      {tel && (
        <a href={`sms:${tel}`} className={linkClass} aria-label={`Text ${name}`}>
          <MessageSquare className="size-4" aria-hidden="true" /> Text
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className={linkClass} aria-label={`Email ${name}`}>
          <Mail className="size-4" aria-hidden="true" /> Email
        </a>
      )}
      <a
        href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass}
        aria-label={`Map of ${address}`}
      >
        <MapPinned className="size-4" aria-hidden="true" /> Map
      </a>
    </div>
  );
}
