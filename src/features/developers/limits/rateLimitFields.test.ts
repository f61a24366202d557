import { describe, expect, it } from 'vitest';
import { parseStateField, policyField, rateLimitHeaders, stateField } from './rateLimitFields';

describe('RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10)', () => {
  it('writes the policy and the state as Structured Field items named by a string', () => {
    expect(policyField({ quota: 120, windowSeconds: 60 })).toBe('"key";q=120;w=60');
    expect(stateField({ remaining: 17.6, resetSeconds: 41.2 })).toBe('"key";r=17;t=42');
    expect(stateField({ remaining: -3, resetSeconds: 5 })).toBe('"key";r=0;t=5');
    expect(rateLimitHeaders({ quota: 5, windowSeconds: 10 }, { remaining: 4, resetSeconds: 9 })).toEqual({
      'RateLimit-Policy': '"key";q=5;w=10',
      RateLimit: '"key";r=4;t=9',
    });
  });

  it('reads a state field back', () => {
    expect(parseStateField('"key";r=17;t=42')).toEqual({ name: 'key', remaining: 17, resetSeconds: 42 });
    expect(parseStateField('limit=5')).toBeUndefined();
    expect(parseStateField(null)).toBeUndefined();
  });
});
