import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { BOOKING_LINK_TEXT, bookingSlugSchema } from '../../../shared/booking-link';
import { useIsTechnician } from '../../api/billing';
import { bookingLinkQuery } from '../../api/booking-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

/** Business Profile: the booking link's address, which the owner may change; the old one redirects (decision 0955). */
export function BookingLinkSettings() {
  const link = useQuery(bookingLinkQuery);
  const isTechnician = useIsTechnician();
  const [slug, setSlug] = useState('');
  const [error, setError] = useState<string | undefined>();
  const current = link.data?.slug ?? null;
  useEffect(() => {
    if (current) setSlug(current);
  }, [current]);
  const save = useMutation({
    mutationFn: (value: string) => unwrap(api.api['booking-link'].$put({ json: { slug: value } })),
    onSuccess: (data) => queryClient.setQueryData(bookingLinkQuery.queryKey, data),
  });
  const prefix = link.data?.url && current ? link.data.url.slice(0, -current.length) : '/book/';

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = bookingSlugSchema.safeParse(slug);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await save.mutateAsync(parsed.data);
      toast.success('Success', { description: BOOKING_LINK_TEXT.saved });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Card className="mb-4">
      <CardHeader>
        <CardTitle>Booking link</CardTitle>
        <CardDescription>
          Customers book at this address. If you change it, your old link keeps working and sends them here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {link.isPending ? (
          <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
        ) : !current ? (
          <p className="text-sm text-slate-700">{BOOKING_LINK_TEXT.needsName}</p>
        ) : isTechnician ? (
          <p className="break-all text-sm text-slate-700">{link.data?.url}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <Field id="booking-slug" label="Your booking link" error={error} hint={`${prefix}${slug}`}>
              <div className="flex min-w-0 items-center gap-1">
                <span className="shrink-0 text-sm text-slate-600" aria-hidden="true">
                  /book/
                </span>
                <Input
                  id="booking-slug"
                  value={slug}
                  autoCapitalize="none"
                  spellCheck={false}
                  onChange={(e) => setSlug(e.target.value)}
                  className="min-w-0"
                />
              </div>
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={save.isPending} disabled={slug === current}>
                Save Link
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
