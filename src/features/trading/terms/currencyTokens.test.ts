import { zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { loadChainConfig } from '~/features/chains/chainConfig';
import { CurrencyCode } from '~/features/chains/currencies';
import { ItemType } from '../seaport/seaportTypes';
import { currencyOfToken, currencyToken } from './currencyTokens';

const atem = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const weth = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const [eth, , , polygon] = loadChainConfig('local', {
  ETH: { contracts: { atem, payment: weth } },
  POLYGON: { contracts: { atem } },
});

describe('currency tokens', () => {
  test('the native coin is paid as NATIVE with the zero address, ERC-20s with their chain contract', () => {
    if (!eth || !polygon) throw new Error('no chains');
    expect(currencyToken(eth, CurrencyCode.ETH)).toEqual({ itemType: ItemType.NATIVE, token: zeroAddress });
    expect(currencyToken(eth, CurrencyCode.WETH)).toEqual({ itemType: ItemType.ERC20, token: weth });
    expect(currencyToken(eth, CurrencyCode.ATEM)).toEqual({ itemType: ItemType.ERC20, token: atem });
    expect(currencyToken(polygon, CurrencyCode.POL_LEGACY)?.itemType).toBe(ItemType.NATIVE);
  });

  test('another chain’s coin, a fiat code or an undeployed token has no token', () => {
    if (!eth || !polygon) throw new Error('no chains');
    expect(currencyToken(eth, CurrencyCode.BNB)).toBeUndefined();
    expect(currencyToken(eth, CurrencyCode.JPY)).toBeUndefined();
    expect(currencyToken(polygon, CurrencyCode.WETH)).toBeUndefined();
    const [bare] = loadChainConfig('production');
    if (!bare) throw new Error('no chain');
    expect(currencyToken(bare, CurrencyCode.ATEM)).toBeUndefined();
  });

  test('a paid token reads back as its currency code', () => {
    if (!eth) throw new Error('no chain');
    expect(currencyOfToken(eth, ItemType.ERC20, weth.toLowerCase())).toBe(CurrencyCode.WETH);
    expect(currencyOfToken(eth, ItemType.NATIVE, zeroAddress)).toBe(CurrencyCode.ETH);
    expect(currencyOfToken(eth, ItemType.ERC20, zeroAddress)).toBeUndefined();
  });
});
