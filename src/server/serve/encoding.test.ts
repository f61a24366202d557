import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './encoding';

describe('acceptedEncoding', () => {
  it('prefers Brotli, then gzip, among what is available', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('gzip, br', new Set(['gzip']))).toBe('gzip');
  });

  it('honours q=0 refusals and a wildcard, and sends the plain body otherwise', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
