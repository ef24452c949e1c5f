import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Public tokens: the random part of a link that works without signing in (a self-service or review link, a team
// invitation, a loyalty redeem token, a quote or invoice page). One way to mint them, one way to store them
// (decision 1130): where a token grants money or data, only its hash is stored.

/** 256 random bits, URL-safe (43 characters of base64url). */
export const newToken = () => randomBytes(32).toString('base64url');

/** What a token looks like in a URL; anything else is 404 before it reaches the database. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,64}$/;

/** SHA-256 of the token, hex: what is stored and looked up (a random token needs no salt or slow hash).
 * Looking a row up by the hash needs no constant-time compare: the hash of a guess reveals nothing of a stored one. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Signed tokens (decision 1164): for a link the server must be able to build again later (a quote's or invoice's
// page behind every PDF's QR code, reminders and the owner's list; a marketing email's unsubscribe link), the token is
// the row's id and a MAC of it under the server's link secret. Nothing readable is stored: a copy of the database
// alone opens no link, and a row's id alone (seen in the admin's outbox, an open-pixel URL) is not its token.

const UUID_HEX = /^[0-9a-f]{32}$/;

const mac = (secret: string, purpose: string, id: string) =>
  createHmac('sha256', secret).update(`${purpose}:${id}`).digest().subarray(0, 16);

/** The token for row `id` (a UUID) and one purpose ('quote', 'invoice', 'unsubscribe'): 44 URL-safe characters. */
export function signedToken(secret: string, purpose: string, id: string): string {
  const hex = id.replaceAll('-', '').toLowerCase();
  if (!UUID_HEX.test(hex)) throw new Error(`Not a UUID: ${id}`);
  return (
    Buffer.from(hex, 'hex').toString('base64url') +
    mac(secret, purpose, id.toLowerCase()).toString('base64url')
  );
}

/** The row id a signed token names for this purpose, or null (not signed by this server, or for another purpose). */
export function signedTokenId(secret: string, purpose: string, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{44}$/.test(token)) return null;
  const hex = Buffer.from(token.slice(0, 22), 'base64url').toString('hex');
  if (!UUID_HEX.test(hex)) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const given = Buffer.from(token.slice(22), 'base64url');
  const expected = mac(secret, purpose, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The link secret, derived from the server's auth secret so that no second secret needs configuring. */
export const linkSecretOf = (authSecret: string) =>
  createHmac('sha256', authSecret).update('shineroute public links').digest('base64url');
