import { Award, HeartHandshake, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

const VALUES = [
  {
    icon: HeartHandshake,
    title: 'Customer First',
    text: 'Every feature starts with the person waiting for a clean car and the detailer doing the work. If it does not make their day easier, we do not ship it.',
  },
  {
    icon: Sparkles,
    title: 'Simplicity',
    text: 'Detailers run their business from a phone in a driveway. Booking, payments and customer records should take seconds, not training sessions.',
  },
  {
    icon: Award,
    title: 'Excellence',
    text: 'We hold our software to the standard our detailers hold their work to: reliable, polished and there when it matters.',
  },
] as const;

const STATS = [
  ['10,000+', 'happy customers'],
  ['2,500+', 'detailers'],
  ['4.9/5', 'average rating'],
] as const;

export function AboutPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">About ShineRoute</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
          Making mobile detailing effortless
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          ShineRoute connects car owners with mobile detailers who come to them, and gives those detailers the
          software to run a professional business from their phone.
        </p>
      </header>

      <section
        aria-labelledby="about-mission"
        className="mt-16 grid gap-8 lg:grid-cols-[1fr_1.2fr] lg:items-center"
      >
        <div>
          <h2 id="about-mission" className="text-2xl font-bold tracking-tight text-navy-900">
            Our mission
          </h2>
          <p className="mt-4 text-slate-600">
            To make a spotless car as easy to get as a ride home — booked in 60 seconds, paid online and
            delivered to your driveway — while helping independent detailers earn more, spend less time on
            admin and grow a business they are proud of.
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-2 rounded-2xl bg-navy-900 px-3 py-6 text-center text-white sm:gap-4 sm:p-8">
          {STATS.map(([value, label]) => (
            <div key={label} className="flex flex-col-reverse justify-end">
              <dt className="mt-1 text-xs text-slate-300 sm:text-sm">{label}</dt>
              <dd className="text-xl font-bold tabular-nums sm:text-3xl">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="about-values" className="mt-20">
        <h2 id="about-values" className="text-2xl font-bold tracking-tight text-navy-900">
          Our values
        </h2>
        <ul className="mt-8 grid gap-10 md:grid-cols-3">
          {VALUES.map(({ icon: Icon, title, text }) => (
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

      <section aria-labelledby="about-story" className="mt-20 max-w-3xl">
        <h2 id="about-story" className="text-2xl font-bold tracking-tight text-navy-900">
          Our story
        </h2>
        <div className="mt-4 space-y-4 text-slate-600">
          <p>
            ShineRoute started in Austin, Texas, with a detailer who was great at making cars shine and tired
            of everything else: double-booked Saturdays, payment apps that did not talk to each other,
            customer notes on scraps of paper and hours lost planning the day's route.
          </p>
          <p>
            We built the tool we wished existed — one place for bookings, payments, customers, inventory and
            marketing, designed for a phone first. Then we opened it up to customers too, so anyone can check
            whether detailing is available at their zip code and book a trusted, verified professional in
            under a minute.
          </p>
          <p>
            Today thousands of detailers run their businesses on ShineRoute, from solo operators to multi-van
            teams. We are still a small team, and we still answer every message ourselves.
          </p>
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/book">Book a Detail</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/for-detailers">Join as a Detailer</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
