import { z } from 'zod';

// A white-labelled business's own hostname (Elite, decision 1316): the owner's Branding tab and the API share these.

export const CUSTOM_DOMAIN_TEXT = {
  invalid: 'Please enter a domain such as book.yourbusiness.com',
  ours: 'That domain is ShineRoute’s. Enter a domain you own, such as book.yourbusiness.com',
  taken: 'That domain is already connected to another business',
  saved: 'Domain saved. Create the DNS record below, then check it.',
  removed: 'Domain removed',
  verified: 'Your domain is connected',
  notYet: (target: string) =>
    `No CNAME record pointing to ${target} was found yet. DNS changes can take an hour.`,
  lookupFailed: 'The DNS lookup failed. Please try again in a few minutes.',
  switchedOff: (target: string) =>
    `Switched off: the CNAME record pointing to ${target} was gone at ${DOMAIN_MISSES_TO_SWITCH_OFF} daily checks in a row. Restore it, then check DNS.`,
} as const;

/** Daily checks in a row that must find a verified domain's record gone before it is switched off (decision 1342). */
export const DOMAIN_MISSES_TO_SWITCH_OFF = 3;

export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A hostname of two labels or more, letters in its last (no IP address, no port, no scheme), lower case. */
export function isHostname(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^[a-z]{2,63}$/.test(labels.at(-1)!);
}

/** What the owner typed, as a hostname: trimmed, lower case, without a scheme, path or trailing dot. */
export const normalizeDomain = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');

export const customDomainInputSchema = z.object({
  domain: z
    .string({ error: CUSTOM_DOMAIN_TEXT.invalid })
    .max(260, CUSTOM_DOMAIN_TEXT.invalid)
    .transform(normalizeDomain)
    .refine(isHostname, CUSTOM_DOMAIN_TEXT.invalid),
});

/** The TXT record that proves a domain whose CNAME cannot be read (an apex with ALIAS/ANAME records). */
export const verificationTxtName = (domain: string) => `_shineroute.${domain}`;
