import { describe, expect, it } from 'vitest';
import { isValidParam, parseRestParams } from './pageParams';

const address = '0x1111111111111111111111111111111111111111';

describe('page-level validation of route parameters (spec §5)', () => {
  it('accepts the optional parameters of /tokens/{chain_id?}/{contract?}/{token_id?}', () => {
    const kinds = ['chainId', 'address', 'tokenId'] as const;
    expect(parseRestParams(undefined, kinds)).toEqual([]);
    expect(parseRestParams('137', kinds)).toEqual(['137']);
    expect(parseRestParams(`137/${address}/42`, kinds)).toEqual(['137', address, '42']);
  });

  it('refuses malformed or surplus segments', () => {
    const kinds = ['chainId', 'address', 'tokenId'] as const;
    expect(parseRestParams('abc', kinds)).toBeNull();
    expect(parseRestParams('0', kinds)).toBeNull();
    expect(parseRestParams(`137/${address}/1/2`, kinds)).toBeNull();
    expect(parseRestParams('137/0x12', kinds)).toBeNull();
  });

  it('checks single parameters by kind', () => {
    expect(isValidParam('12', 'id')).toBe(true);
    expect(isValidParam('012', 'id')).toBe(false);
    expect(isValidParam(undefined, 'id')).toBe(false);
    expect(isValidParam(address, 'address')).toBe(true);
    expect(isValidParam(' ', 'keyword')).toBe(false);
    expect(isValidParam('x'.repeat(101), 'keyword')).toBe(false);
    expect(isValidParam('ドラゴン', 'keyword')).toBe(true);
    expect(isValidParam(`1${'0'.repeat(77)}`, 'tokenId')).toBe(true);
  });
});
