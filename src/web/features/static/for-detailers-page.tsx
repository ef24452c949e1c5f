import {
  BadgeCheck,
  BarChart3,
  CalendarCheck,
  Clock,
  CreditCard,
  DollarSign,
  Quote,
  Route,
  Smartphone,
  Star,
  TrendingUp,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { signUpPath } from '../../../shared/routes';
import { Button } from '../../components/ui/button';

const STATS = [
  ['500+', 'detailers on ShineRoute'],
  ['$75+', 'average per job'],
  ['24hr', 'response'],
  ['20-40%', 'more earnings'],
] as const;

const BENEFITS = [
  {
    icon: DollarSign,
    title: '$75+ average per job',
    text: 'Customers book full details, not just quick washes — and tips are built into checkout.',
  },
  {
    icon: TrendingUp,
    title: 'Earn 20-40% more',
    text: 'Fill the gaps in your week with new local customers, repeat bookings and automatic upsells.',
  },
  {
    icon: Clock,
    title: '24hr response',
    text: 'Our support team answers every detailer within 24 hours, so you are never stuck on a busy day.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified within 24 hours',
    text: 'Upload your ID, license and insurance once. We verify your business within 24 hours so customers trust you.',
  },
] as const;

const STEPS = [
  {
    title: 'Create your free account',
    text: 'Sign up in under 5 minutes. 14-day free trial, no credit card required, cancel anytime.',
  },
  {
    title: 'Set up and get verified',
    text: 'Add your services and prices, choose the zip codes you cover and upload your verification documents.',
  },
  {
    title: 'Start getting bookings',
    text: 'Customers in your area find you, book in 60 seconds and pay online. You show up and make cars shine.',
  },
] as const;

const FEATURES = [
  { icon: CalendarCheck, title: 'Smart booking', text: 'Calendar sync, SMS reminders and route planning.' },
  {
    icon: CreditCard,
    title: 'Integrated payments',
    text: 'Card payments with tips, QR invoices and promo codes.',
  },
  {
    icon: Users,
    title: 'Customer CRM',
    text: 'Vehicle profiles, service history, lifetime value and automatic review requests.',
  },
  { icon: BarChart3, title: 'Business analytics', text: 'Revenue, bookings and customers at a glance.' },
  { icon: Route, title: 'Route optimization', text: 'Less driving between jobs, more jobs per day.' },
  {
    icon: Smartphone,
    title: 'Mobile technician app',
    text: 'Check-in/out, photo upload, offline mode and job completion.',
  },
] as const;

export function ForDetailersPage() {
  return (
    <div>
      <section className="bg-navy-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-300">For detailers</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Grow your detailing business with ShineRoute
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-300">
            Join 500+ detailers who get new customers, get paid online and run their whole day from one app.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={signUpPath()}>Join as Detailer</Link>
            </Button>
            <Button asChild size="lg" variant="light">
              <Link to={signUpPath()}>Start Free Trial</Link>
            </Button>
          </div>
          <dl className="mt-12 grid grid-cols-2 gap-6 border-t border-navy-800 pt-8 sm:grid-cols-4">
            {STATS.map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-sm text-slate-400">{label}</dt>
                <dd className="text-3xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <section aria-labelledby="detailers-benefits" className="py-16 sm:py-20">
          <h2 id="detailers-benefits" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
            Why detailers choose ShineRoute
          </h2>
          <ul className="mt-10 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <div className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon className="size-6" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="detailers-how" className="py-16 sm:py-20">
          <h2 id="detailers-how" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-10 grid gap-10 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="relative">
                <span className="flex size-10 items-center justify-center rounded-full bg-navy-900 text-lg font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="detailers-features" className="py-16 sm:py-20">
          <h2 id="detailers-features" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
            Everything you need to run your business
          </h2>
          <ul className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <Icon className="mt-0.5 size-6 shrink-0 text-accent" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="detailers-testimonial" className="py-16 sm:py-20">
          <h2 id="detailers-testimonial" className="sr-only">
            What detailers say
          </h2>
          <figure className="mx-auto max-w-3xl rounded-2xl bg-slate-50 px-6 py-10 text-center sm:px-12">
            <Quote className="mx-auto size-8 text-accent" aria-hidden="true" />
            <div
              className="mt-4 flex justify-center gap-1 text-amber-500"
              role="img"
              aria-label="Rated 5 out of 5"
            >
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} className="size-5 fill-current" aria-hidden="true" />
              ))}
            </div>
            <blockquote className="mt-6 text-lg font-medium leading-relaxed text-slate-900 sm:text-xl">
              “Before ShineRoute I was juggling texts, a paper calendar and three payment apps. Now bookings
              come in while I'm working, customers pay before I leave, and I'm making about a third more than
              last year.”
            </blockquote>
            <figcaption className="mt-6 text-sm text-slate-600">
              <span className="font-semibold text-slate-900">Marcus T.</span> — owner, Lone Star Mobile
              Detailing, Austin TX
            </figcaption>
          </figure>
        </section>
      </div>

      <section className="bg-accent-soft">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Ready to grow?</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-600">
            14-day free trial, no credit card required, setup in under 5 minutes.
          </p>
          <Button asChild size="lg" className="mt-6">
            <Link to={signUpPath()}>Get Started Free</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
