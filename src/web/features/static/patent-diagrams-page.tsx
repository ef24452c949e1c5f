import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

type Box = { id: string; num: string; x: number; y: number; title: string; sub: string; external?: boolean };

const W = 220;
const H = 80;
const COL = { clients: 20, api: 430, right: 860 } as const;
const ROW = [70, 280, 490] as const;

const BOXES: Box[] = [
  {
    id: 'customer',
    num: '110',
    x: COL.clients,
    y: ROW[0],
    title: 'Customer Booking App',
    sub: 'zip check · book · pay',
  },
  {
    id: 'technician',
    num: '120',
    x: COL.clients,
    y: ROW[1],
    title: 'Technician App',
    sub: 'check-in/out · photos · offline',
  },
  {
    id: 'owner',
    num: '130',
    x: COL.clients,
    y: ROW[2],
    title: 'Owner Dashboard',
    sub: 'bookings · CRM · analytics',
  },
  {
    id: 'zip',
    num: '210',
    x: COL.api,
    y: ROW[0],
    title: 'Zip Availability Check',
    sub: 'served zips · waitlist',
  },
  {
    id: 'engine',
    num: '220',
    x: COL.api,
    y: ROW[1],
    title: 'Booking Engine',
    sub: 'pricing · slots · status',
  },
  { id: 'seo', num: '230', x: COL.api, y: ROW[2], title: 'SEO Page Generator', sub: 'city landing pages' },
  {
    id: 'payments',
    num: '310',
    x: COL.right,
    y: ROW[0],
    title: 'Payment Provider',
    sub: 'cards · tips · refunds',
    external: true,
  },
];

/** Arrows: a path, whether it points both ways, and a label centred at (lx, ly) on a white chip. */
const ARROWS: { d: string; both?: boolean; label: string; lx: number; ly: number }[] = [
  { d: 'M240 102 H430', label: 'zip code', lx: 335, ly: 102 },
  { d: 'M240 132 H370 V302 H430', label: 'book & pay', lx: 370, ly: 217 },
  { d: 'M240 320 H430', both: true, label: 'jobs & photos', lx: 300, ly: 320 },
  { d: 'M240 512 H370 V338 H430', both: true, label: 'manage', lx: 370, ly: 425 },
  { d: 'M240 548 H430', label: 'generate pages', lx: 335, ly: 548 },
  { d: 'M650 300 H820 V110 H860', both: true, label: 'payments', lx: 820, ly: 230 },
  // Crosses the payments line: the small arc is the drawing's "no junction" hop.
  { d: 'M650 118 H760 V270 H812 A8 8 0 0 1 828 270 H860', label: 'service areas', lx: 760, ly: 186 },
  { d: 'M650 340 H860', both: true, label: 'bookings & customers', lx: 760, ly: 340 },
  { d: 'M650 530 H860', both: true, label: 'city pages', lx: 760, ly: 530 },
];

const LEGEND: [string, string, string][] = [
  [
    '110',
    'Customer Booking App',
    'Customers check a zip code, choose a service, enter vehicle and schedule, and pay.',
  ],
  ['120', 'Technician App', 'Technicians check in and out, upload photos and complete jobs, also offline.'],
  ['130', 'Owner Dashboard', 'Owners manage bookings, customers, services, inventory and marketing.'],
  ['200', 'API server', 'Every call is authorised on the server; each business sees only its own data.'],
  ['210', 'Zip Availability Check', 'Looks up active service areas; unserved zips can join the waitlist.'],
  [
    '220',
    'Booking Engine',
    'Prices by vehicle type, offers hourly slots and moves bookings through their states.',
  ],
  ['230', 'SEO Page Generator', 'Builds public city landing pages (/seo/{slug}) for a business.'],
  ['310', 'Payment Provider', 'External card processor: charges, tips and refunds.'],
  ['320', 'Database', 'PostgreSQL: businesses, bookings, customers, services, pages and the mail outbox.'],
];

function ArchitectureDiagram() {
  return (
    <svg
      viewBox="0 0 1100 620"
      role="img"
      aria-describedby="fig1-desc"
      aria-label="FIG. 1: ShineRoute system architecture"
      className="h-auto w-full min-w-[760px] font-sans"
    >
      <title id="fig1-title">FIG. 1: ShineRoute system architecture</title>
      <desc id="fig1-desc">
        The customer booking app sends zip codes to the zip availability check and bookings to the booking
        engine. The technician app and owner dashboard exchange job data with the booking engine; the owner
        dashboard also drives the SEO page generator. The booking engine charges cards through the payment
        provider. The zip check, booking engine and SEO page generator read and write the database.
      </desc>
      <defs>
        <marker
          id="fig1-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="8"
          markerHeight="8"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" fill="#334155" />
        </marker>
      </defs>

      {/* Column headings */}
      <g fontSize="13" fontWeight="600" fill="#64748b" letterSpacing="0.06em">
        <text x={COL.clients + W / 2} y="44" textAnchor="middle">
          CLIENTS (100)
        </text>
        <text x={COL.right + W / 2} y="44" textAnchor="middle">
          EXTERNAL &amp; DATA (300)
        </text>
      </g>

      {/* API server boundary */}
      <rect
        x="300"
        y="20"
        width="400"
        height="584"
        rx="16"
        fill="#eff6ff"
        stroke="#2563eb"
        strokeDasharray="8 6"
      />
      <text
        x="500"
        y="44"
        textAnchor="middle"
        fontSize="13"
        fontWeight="600"
        fill="#1d4ed8"
        letterSpacing="0.06em"
      >
        SHINEROUTE API SERVER (200)
      </text>

      {/* Arrows under the boxes' labels */}
      <g fill="none" stroke="#334155" strokeWidth="1.75">
        {ARROWS.map((a) => (
          <path
            key={a.d}
            d={a.d}
            markerEnd="url(#fig1-arrow)"
            markerStart={a.both ? 'url(#fig1-arrow)' : undefined}
          />
        ))}
      </g>
      <g fontSize="12" fill="#334155">
        {ARROWS.map((a) => {
          const w = a.label.length * 6.6 + 14;
          return (
            <g key={a.label}>
              <rect
                x={a.lx - w / 2}
                y={a.ly - 10}
                width={w}
                height="20"
                rx="10"
                fill="#fff"
                stroke="#cbd5e1"
              />
              <text x={a.lx} y={a.ly + 4} textAnchor="middle">
                {a.label}
              </text>
            </g>
          );
        })}
      </g>

      {/* Components */}
      {BOXES.map((b) => (
        <g key={b.id}>
          <rect
            x={b.x}
            y={b.y}
            width={W}
            height={H}
            rx="12"
            fill={b.external ? '#f8fafc' : '#fff'}
            stroke={b.external ? '#64748b' : '#0f172a'}
            strokeWidth="2"
            strokeDasharray={b.external ? '6 4' : undefined}
          />
          <text x={b.x + 12} y={b.y + 20} fontSize="11" fontWeight="700" fill="#2563eb">
            {b.num}
          </text>
          <text
            x={b.x + W / 2}
            y={b.y + 44}
            textAnchor="middle"
            fontSize="15"
            fontWeight="700"
            fill="#0f172a"
          >
            {b.title}
          </text>
          <text x={b.x + W / 2} y={b.y + 64} textAnchor="middle" fontSize="12" fill="#475569">
            {b.sub}
          </text>
        </g>
      ))}

      {/* 320 Database: a cylinder spanning the engine and generator rows */}
      <g>
        <path
          d={`M${COL.right} 236 V560 A${W / 2} 18 0 0 0 ${COL.right + W} 560 V236`}
          fill="#0f172a"
          stroke="#0f172a"
          strokeWidth="2"
        />
        <ellipse
          cx={COL.right + W / 2}
          cy="236"
          rx={W / 2}
          ry="18"
          fill="#334155"
          stroke="#0f172a"
          strokeWidth="2"
        />
        <text x={COL.right + 12} y="300" fontSize="11" fontWeight="700" fill="#93c5fd">
          320
        </text>
        <text x={COL.right + W / 2} y="432" textAnchor="middle" fontSize="15" fontWeight="700" fill="#fff">
          Database
        </text>
        <text x={COL.right + W / 2} y="452" textAnchor="middle" fontSize="12" fill="#cbd5e1">
          PostgreSQL
        </text>
      </g>
    </svg>
  );
}

export function PatentDiagramsPage() {
  return (
    // w-full: in the layout's column, an auto-margined box is as wide as its content, and the drawing is 760 px wide;
    // at the column's width the drawing scrolls inside its own frame instead of the page.
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Technical drawings</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Patent diagrams</h1>
        <p className="mt-4 text-lg text-slate-600">
          How ShineRoute fits together: the apps customers, owners and technicians use, the services behind
          them, and where payments and data go.
        </p>
      </header>

      <figure className="mt-10">
        <section
          className="overflow-x-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable drawing must be reachable by keyboard.
          tabIndex={0}
          aria-label="FIG. 1, scrollable"
        >
          <ArchitectureDiagram />
        </section>
        <figcaption className="mt-3 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">FIG. 1</span> — System architecture of the ShineRoute
          platform. Dashed outlines mark third-party services; arrowheads show the direction of each request.
          <span className="sm:hidden"> Scroll sideways to see the whole drawing.</span>
        </figcaption>
      </figure>

      <section aria-labelledby="fig1-legend" className="mt-14">
        <h2 id="fig1-legend" className="text-2xl font-bold tracking-tight text-navy-900">
          Reference numerals
        </h2>
        <dl className="mt-6 grid gap-x-10 gap-y-5 md:grid-cols-2">
          {LEGEND.map(([num, name, text]) => (
            <div key={num} className="flex gap-4">
              <dt className="w-10 shrink-0 font-mono text-sm font-bold text-accent tabular-nums">{num}</dt>
              <dd className="text-sm text-slate-600">
                <span className="font-semibold text-slate-900">{name}.</span> {text}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-14">
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
