import { describe, expect, it } from 'vitest';
import { pickEncoding, staticFileOf } from './web-static';

const page = staticFileOf('<p>hello</p>'.repeat(200), 'text/html; charset=utf-8', 'no-cache');

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, else sends the file as it is', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', page)).toBe('br');
    expect(pickEncoding('gzip', page)).toBe('gzip');
    expect(pickEncoding('*', page)).toBe('gzip');
    expect(pickEncoding('identity', page)).toBeUndefined();
    expect(pickEncoding(undefined, page)).toBeUndefined();
  });

  it('honours q=0 as a refusal', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.5', page)).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip; q=0', page)).toBeUndefined();
  });

  it('sends tiny files plain: compressing would not make them smaller', () => {
    const tiny = staticFileOf('x', 'text/plain', 'no-cache');
    expect(tiny.br).toBeUndefined();
    expect(tiny.gzip).toBeUndefined();
    expect(pickEncoding('br, gzip', tiny)).toBeUndefined();
  });
});
