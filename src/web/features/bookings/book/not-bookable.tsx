import { Phone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** A business that cannot take online bookings yet: one clear message with its name and phone, no empty form. */
export function NotBookable({ name, phone }: { name: string | null; phone: string | null }) {
  const business = name ?? 'This business';
  return (
    <Card className="p-6 text-center sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{business}</h1>
      <p className="mt-3 text-slate-700">{business} is not taking online bookings yet.</p>
      {phone ? (
        <>
          <p className="mt-1 text-slate-700">Call to book a detail:</p>
          <Button asChild className="mt-4">
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              <Phone /> {phone}
            </a>
          </Button>
        </>
      ) : (
        <p className="mt-1 text-slate-600">Please check back soon.</p>
      )}
    </Card>
  );
}
