import { toast } from 'sonner';
import { useAssignBooking, useAssignees, useAssignments } from '../../api/team';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const NONE = 'none';

/** The owner's assign-to-technician control on a booking (PUT /api/team/assignments/{id}; docs/decisions/0805). */
export function AssigneeSelect({ bookingId }: { bookingId: string }) {
  const people = useAssignees();
  const assignments = useAssignments();
  const assign = useAssignBooking();
  const current = assignments.data?.get(bookingId)?.technicianId ?? NONE;
  return (
    <div className="grid gap-1.5 sm:grid-cols-[8rem_1fr] sm:items-center">
      <Label htmlFor={`assignee-${bookingId}`} className="text-sm font-normal text-slate-500">
        Assigned to
      </Label>
      <Select
        value={current}
        disabled={assign.isPending || !assignments.data}
        onValueChange={(v) =>
          assign.mutate(
            { bookingId, technicianId: v === NONE ? null : v },
            {
              onSuccess: () => {
                const who = people.find((p) => p.id === v);
                toast.success('Success', {
                  description: who ? `Assigned to ${who.name}` : 'Assignment removed',
                });
              },
              onError: (e) => toast.error('Error', { description: e.message }),
            },
          )
        }
      >
        <SelectTrigger id={`assignee-${bookingId}`} className="sm:max-w-xs">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>Not assigned</SelectItem>
          {people.map((p) => (
            <SelectItem key={p.id} value={p.id}>
              {p.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export const ALL_TECHNICIANS = 'all';

/** The technician filter of /bookings: everyone's jobs, one person's, or the unassigned ones. */
export function TechnicianFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const people = useAssignees();
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label="Technician" className="w-full sm:w-56">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_TECHNICIANS}>All technicians</SelectItem>
        <SelectItem value="unassigned">Unassigned</SelectItem>
        {people.map((p) => (
          <SelectItem key={p.id} value={p.id}>
            {p.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
