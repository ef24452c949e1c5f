import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

// Secrets at rest (decision 1251): OAuth tokens and secret calendar addresses are sealed with AES-256-GCM before they
// are written. A sealed value names the key that sealed it, so a new key (DATA_ENCRYPTION_KEY set after a start on
// the local default) still opens what the old one sealed, and the start-up pass seals it again under the new key.

const PREFIX = 'sealed:v1';

export interface DataKeys {
  /** The key new values are sealed with. */
  current: Buffer;
  /** Keys that may have sealed stored values (the current one included). */
  all: Buffer[];
}

/** A 256-bit key from DATA_ENCRYPTION_KEY (64 hex characters, or any text of 32+ characters, hashed). */
export function keyFromText(text: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  return createHash('sha256').update(text).digest();
}

/**
 * The local default: derived from the server's link secret (itself derived from the auth secret, kept in the data
 * directory on the embedded setup), so every instance that shares BETTER_AUTH_SECRET shares this key.
 */
export const defaultDataKey = (linkSecret: string) =>
  createHmac('sha256', linkSecret).update('shineroute data encryption').digest();

export function dataKeysOf(opts: { encryptionKey?: string; linkSecret: string }): DataKeys {
  const fallback = defaultDataKey(opts.linkSecret);
  const current = opts.encryptionKey ? keyFromText(opts.encryptionKey) : fallback;
  return { current, all: current.equals(fallback) ? [current] : [current, fallback] };
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

export const isSealed = (value: string) => value.startsWith(`${PREFIX}.`);

/** `sealed:v1.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function seal(keys: DataKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, keyId(keys.current), iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export class UnsealError extends Error {}

/** The plain text of a sealed value; a value stored before sealing existed is returned as it is. */
export function unseal(keys: DataKeys, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [, kid, iv, tag, body] = stored.split('.');
  const key = keys.all.find((k) => keyId(k) === kid);
  if (!key || !iv || !tag || body === undefined)
    throw new UnsealError(
      'A stored secret was sealed with a key this server does not have (DATA_ENCRYPTION_KEY)',
    );
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a stored value should be sealed again: plain, or sealed under a key other than the current one. */
export const needsResealing = (keys: DataKeys, stored: string) =>
  !isSealed(stored) || stored.split('.')[1] !== keyId(keys.current);

/** The keys of an app: DATA_ENCRYPTION_KEY's when main.ts set them, else the local default. */
export const dataKeysOfDeps = (deps: { dataKeys?: DataKeys; linkSecret: string }) =>
  deps.dataKeys ?? dataKeysOf({ linkSecret: deps.linkSecret });
