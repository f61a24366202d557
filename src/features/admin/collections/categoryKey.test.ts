import { describe, expect, test } from 'vitest';
import { parseCategoryKey } from './categoryKey';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const url = (query = '') => new URL(`http://localhost/api/v1/admins/categories/${ADDRESS}${query}`);

describe('project key of an admin URL', () => {
  test('reads the contract address lower-case, with the chain when the query names one', () => {
    expect(parseCategoryKey(ADDRESS, url())).toEqual({ contractAddress: ADDRESS.toLowerCase() });
    expect(parseCategoryKey(ADDRESS, url('?chain_id=137'))).toEqual({
      contractAddress: ADDRESS.toLowerCase(),
      chainId: 137,
    });
  });

  test('a malformed address or chain id names no project', () => {
    expect(parseCategoryKey('0x1234', url())).toBeNull();
    expect(parseCategoryKey(undefined, url())).toBeNull();
    expect(parseCategoryKey(ADDRESS, url('?chain_id=abc'))).toBeNull();
  });
});
