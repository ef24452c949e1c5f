import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, linkSecretOf, newToken, signedToken, signedTokenId, TOKEN_SHAPE } from './tokens';

describe('public tokens', () => {
  it('are URL-safe, 256 random bits, and never repeat', () => {
    const tokens = Array.from({ length: 2000 }, newToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(TOKEN_SHAPE.test(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('spread their bits: every base64url character turns up across many tokens', () => {
    const seen = new Set(Array.from({ length: 200 }, newToken).join(''));
    expect(seen.size).toBe(64);
  });

  it('are stored as their SHA-256 in hex, which is not the token', () => {
    const token = newToken();
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(newToken())).not.toBe(hashToken(token));
  });
});

describe('signed tokens (decision 1164)', () => {
  const secret = linkSecretOf('an-auth-secret-an-auth-secret-0123456789');
  const id = '3f2b8c1e-9a4d-4e7f-8b21-0c5d6e7f8a9b';

  it('name their row for their purpose, under this secret only', () => {
    const token = signedToken(secret, 'invoice', id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(TOKEN_SHAPE.test(token)).toBe(true);
    expect(token).not.toContain(id);
    expect(signedToken(secret, 'invoice', id.toUpperCase())).toBe(token);
    expect(signedTokenId(secret, 'invoice', token)).toBe(id);
    expect(signedTokenId(secret, 'quote', token)).toBeNull();
    expect(signedTokenId(linkSecretOf('another-auth-secret-0123456789abcdef'), 'invoice', token)).toBeNull();
  });

  it('refuse any change to the MAC or the id, and anything that is not one', () => {
    const token = signedToken(secret, 'quote', id);
    const other = signedToken(secret, 'quote', '3f2b8c1e-9a4d-4e7f-8b21-0c5d6e7f8a9c');
    // Another row's id with this row's MAC, and this row's id with another's MAC.
    expect(signedTokenId(secret, 'quote', other.slice(0, 22) + token.slice(22))).toBeNull();
    expect(signedTokenId(secret, 'quote', token.slice(0, 22) + other.slice(22))).toBeNull();
    const flipped = token.slice(0, 43) + (token[43] === 'A' ? 'B' : 'A');
    expect(signedTokenId(secret, 'quote', flipped)).toBeNull();
    for (const junk of ['', id, newToken(), `${token}x`, token.slice(1), '!'.repeat(44)])
      expect(signedTokenId(secret, 'quote', junk)).toBeNull();
  });

  it('the link secret is derived from the auth secret and is not it', () => {
    expect(linkSecretOf('s'.repeat(40))).toBe(linkSecretOf('s'.repeat(40)));
    expect(linkSecretOf('s'.repeat(40))).not.toContain('s'.repeat(40));
  });
});
