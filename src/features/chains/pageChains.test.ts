// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pageChains } from './pageChains';

afterEach(() => {
  delete document.body.dataset['chains'];
});

describe('pageChains', () => {
  it('reads the chains the page names once, with their ids in this deployment', () => {
    document.body.dataset['chains'] = JSON.stringify([
      { key: 'ETH', chainId: 11155111 },
      { key: 'BSC', chainId: 97 },
    ]);
    expect(pageChains().find((chain) => chain.key === 'BSC')?.chainId).toBe(97);
  });

  it('gives none on a page without them or with a broken list', () => {
    expect(pageChains()).toEqual([]);
    document.body.dataset['chains'] = '[{';
    expect(pageChains()).toEqual([]);
  });
});
