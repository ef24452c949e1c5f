import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  EXTERNAL_CALENDARS_TEXT,
  type ExternalCalendarInput,
  type ExternalCalendarValues,
  externalCalendarInputSchema,
} from '../../../shared/calendar-sync';
import { formatDateTime } from '../../../shared/time';
import { useBilling } from '../../api/billing';
import {
  type ExternalCalendar,
  useAddExternalCalendar,
  useExternalCalendars,
  useRemoveExternalCalendar,
} from '../../api/calendar-sync';
import { useBusinessTimeZone } from '../../api/scheduling';
import { useTeam } from '../../api/team';
import { ConnectionRow } from '../../components/domain/connection-row';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { RemoveDialog } from '../../components/ui/remove-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const EMPTY: ExternalCalendarInput = { url: '', userId: undefined };

/** Whose calendar: the owner picks themselves or a technician; a technician adds their own (no choice shown). */
function PersonSelect({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const team = useTeam();
  const people = [...(team.data?.owner ? [team.data.owner] : []), ...(team.data?.members ?? [])];
  return (
    <Select value={value ?? team.data?.owner?.id ?? ''} onValueChange={onChange}>
      <SelectTrigger>
        <SelectValue placeholder="You" />
      </SelectTrigger>
      <SelectContent>
        {people.map((p) => (
          <SelectItem key={p.id} value={p.id}>
            {p.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function CalendarRow({ calendar, onRemove }: { calendar: ExternalCalendar; onRemove: () => void }) {
  const timeZone = useBusinessTimeZone();
  return (
    <ConnectionRow
      testId="external-calendar"
      title={calendar.personName}
      subtitle={calendar.host}
      error={calendar.lastError}
      detail={`${calendar.busyCount} busy ${calendar.busyCount === 1 ? 'time' : 'times'}${
        calendar.lastFetchedAt
          ? ` · read ${formatDateTime(calendar.lastFetchedAt, timeZone, { year: false })}`
          : ''
      }`}
      actions={
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${calendar.personName}'s calendar at ${calendar.host}`}
          onClick={onRemove}
        >
          <Trash2 />
        </Button>
      }
    />
  );
}

/** Other calendars block time (decision 1221): subscribe a secret iCal address; its busy times block slots. */
export function OtherCalendars() {
  const isOwner = useBilling().data?.memberRole !== 'technician';
  const calendars = useExternalCalendars();
  const add = useAddExternalCalendar();
  const remove = useRemoveExternalCalendar();
  const [removing, setRemoving] = useState<ExternalCalendar | null>(null);
  const form = useForm<ExternalCalendarInput, unknown, ExternalCalendarValues>({
    resolver: zodResolver(externalCalendarInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success('Success', { description: EXTERNAL_CALENDARS_TEXT.added });
      form.reset(EMPTY);
    } catch (err) {
      const message = (err as Error).message;
      form.setError('url', { message });
      toast.error('Error', { description: message });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{EXTERNAL_CALENDARS_TEXT.title}</CardTitle>
        <p className="text-sm text-slate-600">{EXTERNAL_CALENDARS_TEXT.help}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} noValidate className="grid gap-4">
          {isOwner && (
            <Field id="external-calendar-person" label="Whose calendar">
              <Controller
                control={form.control}
                name="userId"
                render={({ field }) => <PersonSelect value={field.value} onChange={field.onChange} />}
              />
            </Field>
          )}
          <Field id="external-calendar-url" label="Secret iCal address" error={errors.url?.message}>
            <Input
              placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
              autoComplete="off"
              inputMode="url"
              {...form.register('url')}
            />
          </Field>
          <div>
            <Button type="submit" loading={isSubmitting}>
              <Link2 /> Connect Calendar
            </Button>
          </div>
        </form>
        <section aria-label="Connected calendars">
          {calendars.isPending ? (
            <RowsSkeleton rows={1} />
          ) : calendars.isError ? (
            <ErrorState
              message={EXTERNAL_CALENDARS_TEXT.fetchFailed}
              onRetry={() => calendars.refetch()}
              retrying={calendars.isRefetching}
            />
          ) : calendars.data.items.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <CalendarX className="size-4" aria-hidden="true" /> No calendars connected yet.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {calendars.data.items.map((c) => (
                <CalendarRow key={c.id} calendar={c} onRemove={() => setRemoving(c)} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      <RemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={remove}
        title={`Remove ${removing?.personName ?? 'this'}'s calendar at ${removing?.host ?? 'this address'}?`}
        description="Its busy times stop blocking bookings. You can connect it again with its address."
        removedText={EXTERNAL_CALENDARS_TEXT.removed}
      />
    </Card>
  );
}
