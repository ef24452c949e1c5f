import { createHash, randomBytes } from 'node:crypto';

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
