import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Logo } from './logo';

const GROUPS = [
  {
    title: 'Product',
    links: [
      ['Features', '/#features'],
      ['Pricing', '/#pricing'],
      ['Demo', '/demo'],
    ],
  },
  {
    title: 'Resources',
    links: [
      ['Book a Detail', '/book'],
      ['For Detailers', '/for-detailers'],
      ['Demo', '/demo'],
    ],
  },
  {
    title: 'Support',
    links: [
      ['Contact Us', '/contact'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Book Now', '/book'],
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="bg-navy-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="space-y-4">
          <Logo light />
          <p className="text-sm text-slate-400">
            Mobile car detailing, booked in 60 seconds — and the software detailers run their day on.
          </p>
          <div className="rounded-lg bg-navy-800 p-4">
            <p className="text-sm font-semibold text-white">Get detailing tips and product news</p>
            <p className="mt-1 text-xs text-slate-400">Create a free account to subscribe.</p>
            <Button asChild size="sm" className="mt-3">
              <Link to="/auth">Subscribe</Link>
            </Button>
          </div>
        </div>
        {GROUPS.map((group) => (
          <div key={group.title}>
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map(([label, href]) => (
                <li key={label + href}>
                  <a href={href} className="text-sm text-slate-300 hover:text-white">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-navy-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} ShineRoute. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
