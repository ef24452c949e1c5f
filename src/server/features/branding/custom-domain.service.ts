import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CUSTOM_DOMAIN_TEXT,
  customDomainInputSchema,
  verificationTxtName,
} from '../../../shared/custom-domains';
import { planIncludes } from '../../../shared/plan-features';
import { businessIsOpen } from '../../access/closed-businesses';
import type { DbOrTx } from '../../db/client';
import { bookingLinkTokens, bookings, businessBrandings, invoices, profiles, quotes } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, invalid, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../http/ids';
import { hashToken, signedTokenId, TOKEN_SHAPE } from '../../http/tokens';
import { type DnsResolver, localDns } from '../../providers/dns/dns';
import { ofToken } from '../invoices/documents';

// Custom domains (Elite white-label, decision 1316): the owner names a hostname, points it at ours with a CNAME
// (or proves it with a TXT record), and once checked the business's public pages answer on it by the Host header.

export type DomainDeps = Pick<AppDeps, 'db' | 'publicUrl' | 'linkSecret' | 'dns' | 'customDomainTarget'>;

const hostOf = (url: string) => new URL(url).hostname.toLowerCase();

/** The name the owner's CNAME points to: CUSTOM_DOMAIN_TARGET, else this ShineRoute's own hostname. */
export const cnameTargetOf = (deps: Pick<AppDeps, 'publicUrl' | 'customDomainTarget'>) =>
  (deps.customDomainTarget ?? hostOf(deps.publicUrl)).toLowerCase();

/** Ours: this ShineRoute's hostname, the CNAME target, and every name under their registrable part (the last two). */
export function isPlatformDomain(deps: Pick<AppDeps, 'publicUrl' | 'customDomainTarget'>, domain: string) {
  const roots = [hostOf(deps.publicUrl), cnameTargetOf(deps)].map((h) => h.split('.').slice(-2).join('.'));
  return roots.some((root) => domain === root || domain.endsWith(`.${root}`));
}

/** The TXT value proving the business owns the domain (signed, so no one can guess another business's). */
export const verificationTxtValue = (deps: Pick<AppDeps, 'linkSecret'>, businessId: string, domain: string) =>
  `shineroute-verify=${createHmac('sha256', deps.linkSecret).update(`custom-domain:${businessId}:${domain}`).digest('base64url').slice(0, 32)}`;

type BrandingRow = typeof businessBrandings.$inferSelect;

export function domainView(deps: DomainDeps, businessId: string, row: BrandingRow | undefined) {
  if (!row?.customDomain) return null;
  return {
    domain: row.customDomain,
    status: row.domainStatus ?? 'pending',
    failure: row.domainFailure,
    checkedAt: row.domainCheckedAt?.toISOString() ?? null,
    lastResult: row.domainLastResult ?? null,
    misses: row.domainMisses,
    cnameTarget: cnameTargetOf(deps),
    txtName: verificationTxtName(row.customDomain),
    txtValue: verificationTxtValue(deps, businessId, row.customDomain),
  };
}

async function rowOf(db: DbOrTx, businessId: string) {
  const [row] = await db.select().from(businessBrandings).where(eq(businessBrandings.businessId, businessId));
  return row;
}

export async function getCustomDomain(deps: DomainDeps, businessId: string) {
  return domainView(deps, businessId, await rowOf(deps.db, businessId));
}

/** Names the domain (pending until checked); another business's domain is a 409, ours a 400. */
export async function setCustomDomain(deps: DomainDeps, businessId: string, input: unknown) {
  const { domain } = customDomainInputSchema.parse(input);
  if (isPlatformDomain(deps, domain)) throw invalid(CUSTOM_DOMAIN_TEXT.ours);
  const set = {
    customDomain: domain,
    domainStatus: 'pending' as const,
    domainFailure: null,
    domainCheckedAt: null,
    updatedAt: new Date(),
  };
  const current = await rowOf(deps.db, businessId);
  if (current?.customDomain === domain) return domainView(deps, businessId, current);
  try {
    const [row] = await deps.db
      .insert(businessBrandings)
      .values({ businessId, ...set })
      .onConflictDoUpdate({ target: businessBrandings.businessId, set })
      .returning();
    hostCache.clear();
    return domainView(deps, businessId, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CUSTOM_DOMAIN_TEXT.taken);
    throw error;
  }
}

export async function removeCustomDomain(deps: DomainDeps, businessId: string) {
  await deps.db
    .update(businessBrandings)
    .set({
      customDomain: null,
      domainStatus: null,
      domainFailure: null,
      domainCheckedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(businessBrandings.businessId, businessId));
  hostCache.clear();
}

/**
 * Check DNS: verified when the domain's CNAME names our target, or its `_shineroute.` TXT record holds the business's
 * value; failed with the reason otherwise (no record yet, or the lookup failed). The owner may check again any time.
 */
export async function checkCustomDomain(deps: DomainDeps, businessId: string) {
  const row = await rowOf(deps.db, businessId);
  if (!row?.customDomain) throw notFound('Add a domain first');
  const domain = row.customDomain;
  const target = cnameTargetOf(deps);
  const found = await probe(deps, businessId, domain);
  const failure =
    found === 'found'
      ? null
      : found === 'missing'
        ? CUSTOM_DOMAIN_TEXT.notYet(target)
        : CUSTOM_DOMAIN_TEXT.lookupFailed;
  const [updated] = await deps.db
    .update(businessBrandings)
    .set({
      domainStatus: failure ? 'failed' : 'verified',
      domainFailure: failure,
      domainCheckedAt: new Date(),
      domainLastResult: found,
      domainMisses: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(businessBrandings.businessId, businessId), eq(businessBrandings.customDomain, domain)))
    .returning();
  hostCache.clear();
  return domainView(deps, businessId, updated ?? row);
}

/** What DNS says of the domain now: the CNAME to our target or the business's TXT proof, nothing, or no answer. */
export async function probe(deps: DomainDeps, businessId: string, domain: string) {
  const dns: DnsResolver = deps.dns ?? localDns();
  try {
    const cnames = await dns.cnames(domain);
    const proven =
      cnames.includes(cnameTargetOf(deps)) ||
      (await dns.txts(verificationTxtName(domain))).includes(verificationTxtValue(deps, businessId, domain));
    return proven ? ('found' as const) : ('missing' as const);
  } catch {
    return 'lookup_failed' as const;
  }
}

// Host → business, kept a minute (each instance its own; a change here clears it at once, elsewhere within the TTL).
const HOST_TTL_MS = 60_000;
const HOST_CACHE_LIMIT = 10_000;
const hostCache = new Map<string, { at: number; business: { id: string; slug: string | null } | null }>();

/**
 * The business a request's Host names: a verified custom domain of an open business still on a plan with
 * white-label. Null for any other host (the platform's own, an unknown one): those fall through to the platform.
 */
export async function businessOfHost(db: DbOrTx, host: string, now = Date.now()) {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const cached = hostCache.get(name);
  if (cached && now - cached.at < HOST_TTL_MS) return cached.business;
  const [row] = await db
    .select({ id: profiles.id, slug: profiles.bookingSlug, plan: profiles.subscriptionTier })
    .from(businessBrandings)
    .innerJoin(profiles, eq(profiles.id, businessBrandings.businessId))
    .where(
      and(
        eq(businessBrandings.customDomain, name),
        eq(businessBrandings.domainStatus, 'verified'),
        businessIsOpen(businessBrandings.businessId),
      ),
    );
  const business = row && planIncludes(row.plan, 'white_label') ? { id: row.id, slug: row.slug } : null;
  if (hostCache.size >= HOST_CACHE_LIMIT) hostCache.clear();
  hostCache.set(name, { at: now, business });
  return business;
}

/** For tests that change a plan behind the service's back. */
export const forgetHosts = () => hostCache.clear();

// ---- Customer links on the custom domain (decision 1341) ----

/**
 * The origin a business's customer links are built on: `https://{its custom domain}` while that domain is verified
 * and the business is open and white-labelled (exactly when the Host routing serves it), else the platform's address.
 */
export async function customerLinkOrigin(db: DbOrTx, businessId: string, publicUrl: string) {
  return (await linkOrigins(db, businessId, publicUrl)).origin;
}

/** The business's link origin now, and the domain its links may name from before (served or not). */
async function linkOrigins(db: DbOrTx, businessId: string, publicUrl: string) {
  const [row] = await db
    .select({ domain: businessBrandings.customDomain, status: businessBrandings.domainStatus })
    .from(businessBrandings)
    .where(eq(businessBrandings.businessId, businessId));
  const domain = row?.domain ?? null;
  const served =
    domain && row?.status === 'verified' && (await businessOfHost(db, domain))?.id === businessId;
  return { origin: served ? `https://${domain}` : publicUrl.replace(/\/+$/, ''), domain };
}

/** The customer pages a message links to (the booking page, self-service, review, pay, quote, gallery). */
const CUSTOMER_PAGES = ['book', 'manage', 'review', 'pay', 'quote', 'gallery'];

/**
 * A message's text with its links to the business's customer pages moved from the platform's address (or `from`,
 * another origin they may carry) to `origin` (decision 1341). Other links (unsubscribe, ShineRoute's own pages,
 * images) stay as they are.
 */
export function onCustomerOrigin(text: string, publicUrl: string, origin: string, from?: string) {
  let out = text;
  for (const source of [publicUrl.replace(/\/+$/, ''), ...(from ? [from] : [])]) {
    if (source === origin) continue;
    const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(
      new RegExp(`${escaped}(?=/(?:${CUSTOMER_PAGES.join('|')})(?:[/?#"'\\s<)]|$))`, 'g'),
      origin,
    );
  }
  return out;
}

/**
 * Message rows (email or SMS) with their customer links on each business's custom domain while it is served, and
 * back on the platform's address when it no longer is (a row written on the domain, sent after it was switched off).
 */
export async function withCustomerOrigins<
  R extends { businessId: string; body: string; html?: string | null; subject?: string | null },
>(db: DbOrTx, publicUrl: string, rows: R[]): Promise<R[]> {
  const origins = new Map<string, { origin: string; domain: string | null }>();
  for (const businessId of new Set(rows.map((r) => r.businessId)))
    origins.set(businessId, await linkOrigins(db, businessId, publicUrl));
  return rows.map((r) => {
    const { origin, domain } = origins.get(r.businessId)!;
    const from = domain ? `https://${domain}` : undefined;
    return {
      ...r,
      body: onCustomerOrigin(r.body, publicUrl, origin, from),
      ...(r.html ? { html: onCustomerOrigin(r.html, publicUrl, origin, from) } : {}),
    };
  });
}

/** A customer link's page or API path: its kind and token. */
export const CUSTOMER_LINK_PATH =
  /^\/(?:api\/)?(manage|review|reviews|pay|quote|gallery|public\/gallery)\/([^/]+)(?:\/|$)/;

/**
 * The business a customer link's path belongs to (decision 1341): /manage, /review, /pay, /quote and /gallery pages
 * and the API they call. Null when the path is not such a link; `''` when it is one whose token names no business.
 */
export async function businessOfCustomerPath(
  deps: Pick<AppDeps, 'db' | 'linkSecret'>,
  path: string,
): Promise<string | null> {
  const match = CUSTOMER_LINK_PATH.exec(path);
  if (!match) return null;
  const [, kind, raw] = match;
  let token = '';
  try {
    token = decodeURIComponent(raw ?? '');
  } catch {
    return '';
  }
  const { db, linkSecret } = deps;
  if (kind === 'manage' || kind === 'review' || kind === 'reviews') {
    if (!TOKEN_SHAPE.test(token)) return '';
    const [row] = await db
      .select({ businessId: bookingLinkTokens.businessId })
      .from(bookingLinkTokens)
      .where(
        and(
          eq(bookingLinkTokens.tokenHash, hashToken(token)),
          eq(bookingLinkTokens.purpose, kind === 'manage' ? 'manage' : 'review'),
        ),
      );
    return row?.businessId ?? '';
  }
  if (kind === 'pay' || kind === 'quote') {
    const table = kind === 'pay' ? invoices : quotes;
    // The page's own lookup: a signed token, or a random one sent before decision 1164 (by its kept hash).
    const [row] = await db
      .select({ businessId: table.businessId })
      .from(table)
      .where(ofToken(kind === 'pay' ? 'invoice' : 'quote', table, linkSecret, token));
    return row?.businessId ?? '';
  }
  const bookingId = signedTokenId(linkSecret, 'gallery', token);
  if (!bookingId) return '';
  const [row] = await db
    .select({ businessId: bookings.businessId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.businessId ?? '';
}
