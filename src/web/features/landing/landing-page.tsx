import {
  BarChart3,
  CalendarClock,
  Check,
  CreditCard,
  Lock,
  Package,
  Smartphone,
  Sparkles,
  Star,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { PROMOTION, percentOfCents } from '../../../shared/billing';
import { ADD_ONS, PLANS, type Plan, TRIAL_TERMS } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import type { PublicSettings } from '../../../shared/platform-settings';
import { signUpPath } from '../../../shared/routes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { usePublicSettings } from '../../lib/public-settings';
import { cn } from '../../lib/utils';
import { HeroIllustration } from './hero-illustration';
import { ZipChecker } from './zip-checker';

const TILES = [
  { icon: Users, label: 'Customer CRM' },
  { icon: BarChart3, label: 'Smart Analytics' },
  { icon: Smartphone, label: 'Mobile Control' },
  { icon: Lock, label: 'Enterprise Security' },
];

const FEATURES = [
  {
    icon: CalendarClock,
    title: 'Smart booking',
    text: 'Online booking with calendar sync, automatic SMS reminders and route planning that keeps your day tight.',
  },
  {
    icon: CreditCard,
    title: 'Integrated payments',
    text: 'Card payments with tips, QR invoices and promo codes — paid before you roll out of the driveway.',
  },
  {
    icon: Users,
    title: 'Customer CRM',
    text: 'Vehicle profiles, service history, lifetime value and automatic review requests for every client.',
  },
  {
    icon: BarChart3,
    title: 'Business analytics',
    text: 'Revenue, bookings and repeat customers at a glance, so you know which services really pay.',
  },
  {
    icon: Package,
    title: 'Inventory',
    text: 'Supplies deducted automatically per job, low-stock alerts and purchase-order suggestions.',
  },
  {
    icon: Smartphone,
    title: 'Mobile technician app',
    text: 'Check-in and check-out, photo upload, offline mode and job completion from the phone in your pocket.',
  },
];

const POWER_UPS = [
  'AI route optimizer',
  'Automated marketing (SMS, email, winback)',
  'Loyalty program',
  'Upsell engine',
  'Photo management',
  'Time tracking',
];

/**
 * The promotional banner as an admin set it on /admin/settings. While the settings load (in the web app), an empty bar
 * holds its place so the page does not jump when the text arrives; server-rendered pages have them already.
 */
function PromoBanner({ settings, pending }: { settings?: PublicSettings; pending: boolean }) {
  if (!pending && !settings?.bannerEnabled) return null;
  return (
    <div
      className="min-h-9 bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-navy-900"
      data-testid="promo-banner"
    >
      {settings && (
        <>
          <Sparkles className="mr-1 inline size-4" aria-hidden="true" />
          {settings.bannerText}{' '}
          <Link to={signUpPath()} className="underline underline-offset-2">
            Start Your FREE Trial
          </Link>
        </>
      )}
    </div>
  );
}

/** A plan's monthly price: whole dollars as "$29", otherwise with cents. */
const planPrice = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);

/** The landing page inside the web app (dev server, or reached by a link inside the app): settings from the API. */
export function LandingPage() {
  const { data, isPending } = usePublicSettings();
  return <LandingView settings={data} settingsPending={isPending} />;
}

/**
 * The landing page as markup: the server renders it with the platform settings (src/web/ssr); the zip checker is an
 * island wired by src/web/islands/zip-checker.ts.
 */
export function LandingView({
  settings,
  settingsPending = false,
}: {
  settings?: PublicSettings;
  settingsPending?: boolean;
}) {
  const listCents = (plan: Plan) =>
    settings
      ? { starter: settings.starterPriceCents, pro: settings.proPriceCents, elite: settings.elitePriceCents }[
          plan.id
        ]
      : plan.priceMonthly * 100;
  const priceOf = (plan: Plan) => planPrice(listCents(plan));
  const promoCents = (plan: Plan) => listCents(plan) - percentOfCents(listCents(plan), PROMOTION.percentOff);
  return (
    <>
      <PromoBanner settings={settings} pending={settingsPending} />

      <section className="bg-navy-900 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16">
          <div>
            <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-5xl">
              Showroom shine, <span className="text-blue-400">at your door.</span>
            </h1>
            <p className="mt-3 text-base text-slate-300 sm:text-lg">
              Book trusted mobile car detailing in 60 seconds. Detailers: run bookings, payments and customers
              from one app.
            </p>
            <div className="mt-6">
              <ZipChecker />
            </div>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/book">Book Detailing Now</Link>
              </Button>
              <Button asChild size="lg" variant="light">
                <Link to="/book">View Services & Pricing</Link>
              </Button>
            </div>
            <div className="mt-4 flex flex-wrap gap-4 text-sm">
              <Link
                to={signUpPath()}
                className="font-semibold text-blue-300 underline-offset-4 hover:underline"
              >
                Join as Detailer
              </Link>
              <Link
                to="/for-detailers"
                className="font-semibold text-blue-300 underline-offset-4 hover:underline"
              >
                Learn More<span className="sr-only"> about ShineRoute for detailers</span>
              </Link>
            </div>
          </div>
          <div className="hidden md:block">
            <HeroIllustration />
          </div>
        </div>
        <div className="border-t border-navy-800">
          <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-px px-4 sm:px-6 md:grid-cols-4">
            {TILES.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-3 py-5">
                <span className="flex size-10 items-center justify-center rounded-lg bg-navy-800">
                  <Icon className="size-5 text-blue-400" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold">{label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-label="ShineRoute in numbers" className="border-b border-slate-200">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center sm:px-6 md:grid-cols-4">
          {[
            ['10,000+', 'happy customers'],
            ['4.9/5', 'average rating'],
            ['2,500+', 'detailers'],
            ['60 sec', 'to book'],
          ].map(([value, label]) => (
            <div key={label}>
              <dt className="sr-only">{label}</dt>
              <dd className="text-3xl font-bold tabular-nums text-navy-900">{value}</dd>
              <dd className="text-sm text-slate-600">{label}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Everything a mobile detailer needs</h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          From the first booking to the five-star review: one app for the work in the driveway and the work
          behind it.
        </p>
        <div className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title}>
              <Icon className="size-8 text-accent" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
        <div className="mt-14 rounded-2xl bg-accent-soft p-6 sm:p-8">
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <Star className="size-5 text-accent" aria-hidden="true" /> Pro and Elite power-ups
          </h3>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {POWER_UPS.map((p) => (
              <li key={p} className="flex items-center gap-2 text-sm text-slate-800">
                <Check className="size-4 text-accent" aria-hidden="true" /> {p}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="pricing" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
            Simple pricing that grows with you
          </h2>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            {TRIAL_TERMS.map((t) => (
              <li key={t} className="flex items-center gap-1.5">
                <Check className="size-4 text-green-600" aria-hidden="true" /> {t}
              </li>
            ))}
          </ul>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {PLANS.map((plan) => (
              <div
                key={plan.id}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-white p-6',
                  plan.badge === 'Most Popular'
                    ? 'border-accent shadow-lg ring-1 ring-accent'
                    : 'border-slate-200',
                )}
              >
                {plan.badge && (
                  <Badge
                    tone={plan.badge === 'Most Popular' ? 'accent' : 'green'}
                    className="absolute -top-3 left-6"
                  >
                    {plan.badge}
                  </Badge>
                )}
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                {settings?.bannerEnabled ? (
                  // The banner's promotion, honoured by billing (docs/decisions/0951): the first months' price first.
                  <div className="mt-2">
                    <p>
                      <span className="text-4xl font-bold tabular-nums">{planPrice(promoCents(plan))}</span>
                      <span className="text-slate-600">/month</span>{' '}
                      <s className="text-slate-500">{priceOf(plan)}</s>
                    </p>
                    <p className="text-sm font-medium text-amber-800">
                      {PROMOTION.percentOff}% off your first {PROMOTION.months} months, then {priceOf(plan)}
                      /month
                    </p>
                  </div>
                ) : (
                  <p className="mt-2">
                    <span className="text-4xl font-bold tabular-nums">{priceOf(plan)}</span>
                    <span className="text-slate-600">/month</span>
                  </p>
                )}
                <p className="text-sm text-slate-600">{plan.users}</p>
                <ul className="mt-5 flex-1 space-y-2">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-start gap-2 text-sm">
                      <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" /> {f}
                    </li>
                  ))}
                </ul>
                <Button
                  asChild
                  className="mt-6"
                  variant={plan.badge === 'Most Popular' ? 'default' : 'outline'}
                >
                  <Link to={signUpPath(plan.id)}>Start {plan.name} Trial</Link>
                </Button>
              </div>
            ))}
          </div>
          <div className="mt-10">
            <h3 className="text-lg font-semibold">Add-ons</h3>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {ADD_ONS.map((a) => (
                <li key={a.name} className="rounded-xl border border-slate-200 bg-white p-4">
                  <p className="text-sm font-semibold">{a.name}</p>
                  <p className="text-sm text-slate-600">{a.price}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Ready to grow your detailing business?</h2>
            <p className="mt-1 text-slate-300">14-day free trial. No credit card required. Cancel anytime.</p>
          </div>
          <Button asChild size="lg">
            <Link to={signUpPath()}>Start Your FREE Trial</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
