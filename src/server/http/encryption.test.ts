import { describe, expect, it } from 'vitest';
import { dataKeysOf, needsResealing, seal, UnsealError, unseal } from './encryption';

// Secrets at rest (decision 1251): AES-256-GCM with a key from DATA_ENCRYPTION_KEY or the local default.

describe('sealed secrets', () => {
  const local = dataKeysOf({ linkSecret: 'link-secret-a' });
  it('seals and opens; the same text seals differently each time; a changed byte is refused', () => {
    const a = seal(local, 'https://calendar.example.com/private-abc/basic.ics');
    const b = seal(local, 'https://calendar.example.com/private-abc/basic.ics');
    expect(a).not.toBe(b);
    expect(a).not.toContain('private-abc');
    expect(unseal(local, a)).toBe('https://calendar.example.com/private-abc/basic.ics');
    const parts = a.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => unseal(local, parts.join('.'))).toThrow();
  });

  it('a plain value (stored before sealing) reads as it is and needs sealing', () => {
    expect(unseal(local, 'https://example.com/a.ics')).toBe('https://example.com/a.ics');
    expect(needsResealing(local, 'https://example.com/a.ics')).toBe(true);
    expect(needsResealing(local, seal(local, 'x'))).toBe(false);
  });

  it('DATA_ENCRYPTION_KEY set later still opens what the local default sealed, and asks to seal it again', () => {
    const old = seal(local, 'secret');
    const configured = dataKeysOf({ linkSecret: 'link-secret-a', encryptionKey: 'f'.repeat(64) });
    expect(unseal(configured, old)).toBe('secret');
    expect(needsResealing(configured, old)).toBe(true);
    const resealed = seal(configured, unseal(configured, old));
    expect(needsResealing(configured, resealed)).toBe(false);
    // Another server's key does not open it.
    expect(() => unseal(dataKeysOf({ linkSecret: 'link-secret-b' }), resealed)).toThrow(UnsealError);
  });
});
