import { BarChart3, ChevronRight, Inbox, Mail, Search, Settings, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';

const CARDS = [
  {
    to: '/admin/seo',
    title: 'SEO Generator',
    description: 'Generate city landing pages across all 50 states.',
    icon: Search,
  },
  // Not in the spec's panel: the verification review queue (docs/decisions/0205).
  {
    to: '/admin/verifications',
    title: 'Verification Review',
    description: 'Open submitted documents; approve or reject businesses.',
    icon: ShieldCheck,
  },
  {
    to: '/admin/users',
    title: 'Users',
    description: 'Businesses, technicians and admin roles.',
    icon: Users,
  },
  {
    to: '/admin/analytics',
    title: 'Analytics',
    description: 'Platform bookings, revenue and growth.',
    icon: BarChart3,
  },
  // Not in the spec's panel: §9's lead-generation add-on (docs/decisions/0831).
  {
    to: '/admin/leads',
    title: 'Leads',
    description: 'Bookings without a business, assigned to one that serves the zip.',
    icon: Inbox,
  },
  {
    to: '/admin/settings',
    title: 'Settings',
    description: 'Platform configuration and defaults.',
    icon: Settings,
  },
  // Not in the spec's panel: the mail viewer (issue 25), where emails and SMS are read without SMTP or Twilio.
  {
    to: '/admin/outbox',
    title: 'Outbox',
    description: 'Every email and SMS sent or stored, with its content.',
    icon: Mail,
  },
] as const;

/** /admin: the platform admin panel (§2). The platform fee card belongs to payouts; the route hands it in. */
export function AdminPage({ platformFee }: { platformFee: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Admin Panel"
        description="Manage ShineRoute platform-wide: SEO pages, users, analytics and settings."
      />
      {platformFee}
      <ul className="grid gap-4 sm:grid-cols-2">
        {CARDS.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="block h-full rounded-xl focus-visible:outline-2 focus-visible:outline-accent"
            >
              <Card className="flex h-full items-center gap-4 p-5 transition-shadow hover:shadow-md">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-600">{description}</span>
                </span>
                <ChevronRight className="size-5 text-slate-400" aria-hidden="true" />
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
