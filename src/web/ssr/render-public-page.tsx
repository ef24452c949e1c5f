import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { isSignupPlan } from '../../shared/constants';
import type { PublicSettings } from '../../shared/platform-settings';
import { PublicFrame } from '../components/layout/public-layout';
import { SiteHeaderView } from '../components/layout/site-header';
import { AuthView } from '../features/auth/auth-view';
import { BookScreen } from '../features/bookings/book/book-screen';
import { LandingView } from '../features/landing/landing-page';
import { AboutPage } from '../features/static/about-page';
import { ContactFormMarkup, ContactView } from '../features/static/contact-page';
import { DemoPage } from '../features/static/demo-page';
import { ForDetailersPage } from '../features/static/for-detailers-page';
import { PatentDiagramsPage } from '../features/static/patent-diagrams-page';
import { PrivacyPage } from '../features/static/privacy-page';
import { TermsPage } from '../features/static/terms-page';
import { authModeOf } from '../islands/auth-form';
import { BOOK_ISLAND_ID, type BookIslandState } from '../islands/book-state';
import { setClassMerge } from '../lib/class-merge';
import { BrandFooter, BrandHeader } from './brand-frame';

// As in the web app: a caller's class overrides a UI component's (docs/decisions/0914). /book's island joins them
// without tailwind-merge; the booking screen passes none that conflict, so both render the same markup.
setClassMerge(twMerge);

/** The client scripts of server-rendered pages (vite.config.ts names them as build inputs). */
export const ISLAND_ENTRIES = {
  'public-page': 'islands/public-page.ts',
  landing: 'islands/landing.ts',
  book: 'islands/book.tsx',
  contact: 'islands/contact.ts',
  auth: 'islands/auth.ts',
} as const;
export type Island = keyof typeof ISLAND_ENTRIES;

/** What a page is rendered from: the request's path and query, the visitor's session, the platform settings. */
export interface PublicPageContext {
  path: string;
  search: string;
  signedIn: boolean;
  settings: PublicSettings;
}

interface ServerPage {
  island: Island;
  /** Query parameters the page shows something for (the rest are ignored, and not part of its cache key). */
  query?: string[];
  /** Query parameters that count only by being there: the page sees `1`, whatever the value (not kept or cached). */
  flags?: string[];
  /** A signed-in visitor gets the web app instead (it sends them on, as /auth does). */
  anonymousOnly?: boolean;
  render(ctx: PublicPageContext): ReactNode;
}

/**
 * The public pages the server renders to complete HTML (docs/decisions/0910). The web app keeps the same routes for its
 * dev server and links inside it; these are what a visitor's first request gets.
 */
export const SERVER_RENDERED_PAGES: Record<string, ServerPage> = {
  '/': { island: 'landing', render: ({ settings }) => <LandingView settings={settings} /> },
  '/about': { island: 'public-page', render: () => <AboutPage /> },
  '/demo': { island: 'public-page', render: () => <DemoPage /> },
  '/contact': {
    island: 'contact',
    query: ['subject'],
    render: ({ settings, search }) => (
      <ContactView
        settings={settings}
        form={<ContactFormMarkup demo={new URLSearchParams(search).get('subject') === 'demo'} />}
      />
    ),
  },
  // Anonymous visitors: the sign-in card in the mode the link asks for (a reset link's token, ?mode=signup&plan=),
  // wired by its island (docs/decisions/0913). The token itself is read by the island from the address.
  '/auth': {
    island: 'auth',
    query: ['mode', 'plan'],
    flags: ['token'],
    anonymousOnly: true,
    render: ({ search }) => {
      const params = new URLSearchParams(search);
      const plan = params.get('plan');
      return <AuthView mode={authModeOf(params)} plan={isSignupPlan(plan) ? plan : undefined} />;
    },
  },
  '/privacy': { island: 'public-page', render: () => <PrivacyPage /> },
  '/terms': { island: 'public-page', render: () => <TermsPage /> },
  '/for-detailers': { island: 'public-page', render: () => <ForDetailersPage /> },
  '/patent-diagrams': { island: 'public-page', render: () => <PatentDiagramsPage /> },
};

const renderInFrame = (ctx: PublicPageContext, body: ReactNode, brand?: ReactNode[]) =>
  renderToString(
    <StaticRouter location={`${ctx.path}${ctx.search}`}>
      {brand ? (
        <PublicFrame header={brand[0]} footer={brand[1]}>
          {body}
        </PublicFrame>
      ) : (
        <PublicFrame header={<SiteHeaderView signedIn={ctx.signedIn} />}>{body}</PublicFrame>
      )}
    </StaticRouter>,
  );

/** A business's own booking page: /book/{slug}, its location's link, or /book?business= as it was asked for. */
const bookHomeOf = (ctx: PublicPageContext, business: string | undefined) =>
  ctx.path === '/book' && business ? `/book?business=${encodeURIComponent(business)}` : ctx.path;

/** The page's body (what goes inside #root) and its island, or null when the path is not server-rendered. */
export function renderPublicPage(ctx: PublicPageContext): { html: string; island: Island } | null {
  const page = SERVER_RENDERED_PAGES[ctx.path];
  if (!page) return null;
  return { html: renderInFrame(ctx, page.render(ctx)), island: page.island };
}

/**
 * /book and /book/{slug}: the booking screen with the options the server read (the form, or the detailers to choose
 * from), inside the element its island hydrates (docs/decisions/0911). Without options (they failed to load) it is
 * the loading state, and the island asks the API as the web app does.
 */
export function renderBookPage(ctx: PublicPageContext, state: BookIslandState): string {
  const noop = () => undefined;
  // A white-labelled business's page has its own header and footer, nothing of ShineRoute (decision 1340).
  const branding = state.options?.business?.branding;
  const brand = branding
    ? [
        <BrandHeader key="header" branding={branding} homeHref={bookHomeOf(ctx, state.business)} />,
        <BrandFooter key="footer" branding={branding} />,
      ]
    : undefined;
  return renderInFrame(
    ctx,
    // The main area stretches its last child (PublicFrame): this wrapper passes that on to the screen.
    <div id={BOOK_ISLAND_ID} className="flex flex-col [&>*:last-child]:flex-1">
      <BookScreen
        business={state.business}
        location={state.location}
        zip={state.zip}
        cancelled={state.cancelled}
        initialOptions={state.options}
        chooseBusiness={noop}
        go={noop}
        framed={Boolean(branding)}
      />
    </div>,
    brand,
  );
}
