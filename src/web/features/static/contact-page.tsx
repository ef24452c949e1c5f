import { Clock, Loader2, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DEFAULT_PLATFORM_SETTINGS, type PublicSettings } from '../../../shared/platform-settings';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { usePublicSettings } from '../../lib/public-settings';

/** Subjects another page can ask for with `?subject=` (the /demo page's Schedule Live Demo, issue 16). */
const CONTACT_SUBJECTS = { demo: 'Schedule a live demo' } as const;
const DEMO_MESSAGE =
  "I'd like a live walkthrough of ShineRoute. Good days and times for me (with my time zone): ";

/**
 * The contact form as markup; src/web/islands/contact-form.ts validates and sends it (plain DOM, on the server-rendered
 * page and, mounted the same way, in the web app — docs/decisions/0910).
 */
export function ContactFormMarkup({ demo }: { demo: boolean }) {
  return (
    <form noValidate className="grid gap-5" data-island="contact-form">
      {demo && (
        <p className="rounded-lg border border-blue-200 bg-accent-soft p-3 text-sm text-navy-900">
          Tell us when suits you and we'll email you a time for a 30-minute live demo with our team.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-first-name" label="First name">
          <Input name="firstName" autoComplete="given-name" />
        </Field>
        <Field id="contact-last-name" label="Last name">
          <Input name="lastName" autoComplete="family-name" />
        </Field>
      </div>
      <Field id="contact-email" label="Email">
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
        />
      </Field>
      <Field id="contact-subject" label="Subject">
        <Input
          name="subject"
          placeholder="How can we help?"
          defaultValue={demo ? CONTACT_SUBJECTS.demo : ''}
        />
      </Field>
      <Field id="contact-message" label="Message">
        <Textarea
          name="message"
          rows={6}
          placeholder="Tell us a bit more…"
          defaultValue={demo ? DEMO_MESSAGE : ''}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
        <Loader2 className="hidden animate-spin" aria-hidden="true" data-contact-spinner="" />
        <span data-contact-label="">Send Message</span>
      </Button>
    </form>
  );
}

/** The web app's contact form: the same markup with the same island mounted on it. */
function ContactForm() {
  const [params] = useSearchParams();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    void import('../../islands/contact-form').then(({ mountContactForm }) => {
      const form = root.current?.querySelector('form');
      if (!gone && form) mountContactForm(form, { toast });
    });
    return () => {
      gone = true;
    };
  }, []);
  return (
    <div ref={root}>
      <ContactFormMarkup demo={params.get('subject') === 'demo'} />
    </div>
  );
}

export function ContactPage() {
  // The support contact an admin set on /admin/settings (the defaults until it loads).
  const settings = usePublicSettings().data ?? DEFAULT_PLATFORM_SETTINGS;
  return <ContactView settings={settings} form={<ContactForm />} />;
}

/** /contact as markup: the server renders it with the settings and ContactFormMarkup. */
export function ContactView({ settings, form }: { settings: PublicSettings; form: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Contact</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Get in touch</h1>
        <p className="mt-4 text-lg text-slate-600">
          Questions about booking, pricing or running your business on ShineRoute? Send us a message and a
          real person will reply within one business day.
        </p>
      </header>

      <div className="mt-12 grid gap-10 lg:grid-cols-[1.5fr_1fr]">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold text-slate-900">Send us a message</h2>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent>{form}</CardContent>
        </Card>

        <aside aria-labelledby="contact-other" className="space-y-8">
          <h2 id="contact-other" className="text-xl font-bold tracking-tight text-navy-900">
            Other ways to reach us
          </h2>
          <ul className="space-y-6">
            <li className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                <Mail className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">Email support</h3>
                <a href={`mailto:${settings.supportEmail}`} className="text-sm text-accent hover:underline">
                  {settings.supportEmail}
                </a>
              </div>
            </li>
            <li className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                <Phone className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">Phone support</h3>
                <a
                  href={`tel:${settings.supportPhone.replace(/[^\d+]/g, '')}`}
                  className="text-sm text-accent hover:underline"
                >
                  {settings.supportPhone}
                </a>
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <Clock className="size-4" aria-hidden="true" />
                  Mon-Fri 9am-6pm CST
                </p>
              </div>
            </li>
            <li className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                <MapPin className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">Office</h3>
                <p className="text-sm text-slate-600">Austin, TX</p>
              </div>
            </li>
          </ul>

          <div className="rounded-xl bg-navy-900 p-6 text-white">
            <h3 className="flex items-center gap-2 font-semibold">
              <MessageCircle className="size-5" aria-hidden="true" />
              Already a ShineRoute detailer?
            </h3>
            {/* There is no live chat (issue 16): say what there is. Decision 1111. */}
            <p className="mt-2 text-sm text-slate-300">
              We don't offer live chat. Sign in to manage your account, plan and billing yourself; for
              anything else, send us a message here or call, and a person answers within one business day.
            </p>
            <Button asChild variant="light" className="mt-4">
              <Link to="/auth">Sign In to Your Account</Link>
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}
