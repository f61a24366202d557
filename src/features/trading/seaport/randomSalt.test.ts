import { describe, expect, it } from 'vitest';
import { randomSalt } from './randomSalt';

describe('randomSalt', () => {
  it('reads 32 random bytes as one big-endian number', () => {
    const salt = randomSalt((bytes) => bytes.fill(0xff));
    expect(salt).toBe(2n ** 256n - 1n);
    expect(randomSalt((bytes) => bytes)).toBe(0n);
  });
});
