import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCents } from '../../../shared/money';
import { formatCentsShort } from '../../../shared/money-axis';
import { formatCalendarDate } from '../../../shared/time';
import type { Analytics } from '../../api/analytics';

// recharts lives in this file only, loaded with React.lazy from the analytics page: never in a public bundle.

const ACCENT = '#2563eb';
const GREEN = '#059669';
const AMBER = '#d97706';

const weekLabel = (iso: string) => formatCalendarDate(iso, { weekday: false, year: false });

function Frame({ children, label }: { children: React.ReactElement; label: string }) {
  return (
    <figure className="h-56 w-full" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

const axis = { fontSize: 12, fill: '#475569' };

export function BookingsChart({ weeks }: { weeks: Analytics['weeks'] }) {
  return (
    <Frame label="Bookings by week">
      <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="weekStart" tickFormatter={weekLabel} tick={axis} minTickGap={16} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip labelFormatter={(l) => `Week of ${weekLabel(String(l))}`} />
        <Bar
          dataKey="bookings"
          name="Bookings"
          fill={ACCENT}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </Frame>
  );
}

export function GrossValueChart({ weeks }: { weeks: Analytics['weeks'] }) {
  return (
    <Frame label="Gross booking value and tips by week">
      <LineChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="weekStart" tickFormatter={weekLabel} tick={axis} minTickGap={16} />
        <YAxis tickFormatter={formatCentsShort} tick={axis} />
        <Tooltip
          labelFormatter={(l) => `Week of ${weekLabel(String(l))}`}
          formatter={(v) => formatCents(Number(v))}
        />
        <Line
          type="monotone"
          dataKey="grossValueCents"
          name="Gross booking value"
          stroke={GREEN}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="tipsCents"
          name="Tips"
          stroke={AMBER}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}

function WeeklyBars({
  weeks,
  dataKey,
  name,
  color,
  label,
}: {
  weeks: Analytics['weeks'];
  dataKey: 'signUps' | 'zipChecks';
  name: string;
  color: string;
  label: string;
}) {
  return (
    <Frame label={label}>
      <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="weekStart" tickFormatter={weekLabel} tick={axis} minTickGap={16} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip labelFormatter={(l) => `Week of ${weekLabel(String(l))}`} />
        <Bar dataKey={dataKey} name={name} fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export const SignUpsChart = ({ weeks }: { weeks: Analytics['weeks'] }) => (
  <WeeklyBars weeks={weeks} dataKey="signUps" name="Sign-ups" color="#7c3aed" label="Sign-ups by week" />
);

export const ZipChecksChart = ({ weeks }: { weeks: Analytics['weeks'] }) => (
  <WeeklyBars
    weeks={weeks}
    dataKey="zipChecks"
    name="Zip checks"
    color="#64748b"
    label="Zip checks by week"
  />
);

export function WaitlistChart({ rows }: { rows: Analytics['waitlistByZip'] }) {
  const height = Math.max(120, rows.length * 32 + 24);
  return (
    <figure className="w-full" style={{ height }} aria-label="Waitlist demand by zip">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis type="category" dataKey="zipCode" width={56} tick={axis} />
          <Tooltip />
          <Bar
            dataKey="entries"
            name="Waitlist entries"
            fill={AMBER}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
