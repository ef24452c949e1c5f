import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
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

// recharts for the owner's /analytics, in this file only: loaded with React.lazy from that page, never in another
// screen's first load (e2e/bundle-budget.spec.ts).

const ACCENT = '#2563eb';
const GREEN = '#059669';
const AMBER = '#d97706';
const axis = { fontSize: 12, fill: '#475569' };

const dayLabel = (iso: string) => formatCalendarDate(iso, { weekday: false, year: false });
const monthLabel = (iso: string) =>
  formatCalendarDate(`${iso.slice(0, 7)}-01`, { weekday: false, day: false });

function Frame({ children, label, tall }: { children: React.ReactElement; label: string; tall?: boolean }) {
  return (
    <figure className={tall ? 'h-72 w-full' : 'h-56 w-full'} aria-label={label}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

/** Revenue (net of tax and tips) and tips per week or month. */
export function RevenueChart({
  points,
  unit,
}: {
  points: { start: string; revenueCents: number; tipsCents: number }[];
  unit: 'week' | 'month';
}) {
  const label = unit === 'week' ? dayLabel : monthLabel;
  return (
    <Frame label={`Revenue and tips by ${unit}`}>
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="start" tickFormatter={label} tick={axis} minTickGap={12} />
        <YAxis tickFormatter={formatCentsShort} tick={axis} />
        <Tooltip
          labelFormatter={(l) => (unit === 'week' ? `Week of ${label(String(l))}` : label(String(l)))}
          formatter={(v) => formatCents(Number(v))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="revenueCents" name="Revenue" stackId="a" fill={ACCENT} isAnimationActive={false} />
        <Bar
          dataKey="tipsCents"
          name="Tips"
          stackId="a"
          fill={GREEN}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </Frame>
  );
}

/** Horizontal bars of money per row (services, technicians, aging buckets). */
export function MoneyBars({ rows, label }: { rows: { name: string; cents: number }[]; label: string }) {
  return (
    <Frame label={label} tall={rows.length > 5}>
      <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tickFormatter={formatCentsShort} tick={axis} />
        <YAxis type="category" dataKey="name" tick={axis} width={110} />
        <Tooltip formatter={(v) => formatCents(Number(v))} />
        <Bar dataKey="cents" name={label} fill={ACCENT} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** The average review rating per month. */
export function RatingChart({ rows }: { rows: { month: string; rating: number; reviews: number }[] }) {
  return (
    <Frame label="Average rating by month">
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="month" tickFormatter={monthLabel} tick={axis} />
        <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={axis} />
        <Tooltip labelFormatter={(l) => monthLabel(String(l))} />
        <Line
          type="monotone"
          dataKey="rating"
          name="Average rating"
          stroke={AMBER}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}
