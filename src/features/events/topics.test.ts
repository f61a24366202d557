import { describe, expect, it } from 'vitest';
import { MAX_TOPICS, topicsSchema } from './topics';

describe('topics of a live page', () => {
  it('reads comma-separated cache tags, lowering addresses and dropping repeats', () => {
    const address = '0xAbCdEf0000000000000000000000000000000001';
    expect(topicsSchema.parse(`card:12, cards,user:${address},card:12`)).toEqual([
      'card:12',
      'cards',
      `user:${address.toLowerCase()}`,
    ]);
  });

  it('refuses unknown or malformed topics, none, and too many', () => {
    for (const bad of ['', 'card:', 'card:0', 'card:1e3', 'user:0x12', 'everything', 'card:1;drop']) {
      expect(topicsSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(topicsSchema.safeParse(undefined).success).toBe(false);
    const many = Array.from({ length: MAX_TOPICS + 1 }, (_, index) => `card:${index + 1}`).join(',');
    expect(topicsSchema.safeParse(many).success).toBe(false);
  });
});
