import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken, TOKEN_SHAPE } from './tokens';

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
