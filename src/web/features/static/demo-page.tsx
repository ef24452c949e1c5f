import { ArrowLeft, CalendarCheck, CheckCircle2, Play } from 'lucide-react';
import { Link } from 'react-router';
import { signUpPath } from '../../../shared/routes';
import { Button } from '../../components/ui/button';

const WALKTHROUGH = [
  {
    title: 'Smart booking',
    text: 'How customers book in 60 seconds, with calendar sync, SMS reminders and route planning.',
  },
  {
    title: 'Integrated payments',
    text: 'Card payments with tips, QR invoices and promo codes — paid before you leave the driveway.',
  },
  {
    title: 'Customer CRM',
    text: 'Vehicle profiles, service history, lifetime value and automatic review requests.',
  },
  {
    title: 'Business analytics',
    text: 'Revenue, bookings and customers at a glance, on the dashboard you open every morning.',
  },
  {
    title: 'Inventory',
    text: 'Auto-deduction per job, low-stock alerts and purchase-order suggestions.',
  },
  {
    title: 'Mobile technician app',
    text: 'Check-in/out, photo upload, offline mode and job completion from a phone.',
  },
] as const;

export function DemoPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>

      <header className="mt-6 max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Product demo</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
          See ShineRoute in action
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          A 5-minute walkthrough of the booking, payments and business tools mobile detailers run their day
          on.
        </p>
      </header>

      <section aria-label="Demo video" className="mt-10">
        <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-navy-900 shadow-lg">
          <svg
            viewBox="0 0 160 90"
            preserveAspectRatio="xMidYMid slice"
            className="absolute inset-0 size-full opacity-40"
            aria-hidden="true"
          >
            <defs>
              <linearGradient id="demo-glow" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#2563eb" />
                <stop offset="1" stopColor="#0f172a" />
              </linearGradient>
            </defs>
            <rect width="160" height="90" fill="url(#demo-glow)" />
            <path d="M-10 70 Q40 40 80 60 T170 40" stroke="#60a5fa" strokeWidth="0.8" fill="none" />
            <path d="M-10 80 Q50 55 90 72 T170 55" stroke="#93c5fd" strokeWidth="0.5" fill="none" />
            <circle cx="30" cy="58" r="1.6" fill="#fff" />
            <circle cx="80" cy="60" r="1.6" fill="#fff" />
            <circle cx="130" cy="47" r="1.6" fill="#fff" />
          </svg>
          <div className="relative flex size-full flex-col items-center justify-center gap-4 p-6 text-center">
            <div className="flex size-16 items-center justify-center rounded-full bg-white/95 text-accent shadow-xl ring-8 ring-white/20 sm:size-20">
              <Play className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
            </div>
            <div>
              <p className="text-lg font-semibold text-white sm:text-xl">5-minute walkthrough</p>
              <p className="mt-1 text-sm text-slate-300">
                The full video is on its way. Book a live demo in the meantime.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="demo-see" className="mt-16">
        <h2 id="demo-see" className="text-2xl font-bold tracking-tight text-navy-900">
          What you'll see
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {WALKTHROUGH.map((item) => (
            <li key={item.title} className="flex gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />
              <div>
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="mt-1 text-sm text-slate-600">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="demo-next"
        className="mt-16 rounded-2xl bg-accent-soft px-6 py-10 text-center sm:px-10"
      >
        <h2 id="demo-next" className="text-2xl font-bold tracking-tight text-navy-900">
          Ready to try it yourself?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-slate-600">
          14-day free trial, no credit card required. Or let us walk you through it live.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={signUpPath()}>Start Free Trial</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact?subject=demo">
              <CalendarCheck aria-hidden="true" />
              Schedule Live Demo
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
