import { describe, expect, it } from 'vitest';
import { CHAIN_KEYS } from './chains';
import {
  CURRENCIES,
  CurrencyCode,
  CurrencyType,
  canonicalCurrencyCode,
  currenciesForChain,
  currencyForChainId,
  isCurrencyCode,
} from './currencies';

describe('CurrencyCode', () => {
  it('numbers the currencies as the spec enum does, POL twice', () => {
    expect(CurrencyCode).toEqual({
      USD: 0,
      JPY: 1,
      ETH: 2,
      BNB: 3,
      WETH: 4,
      WBNB: 5,
      POL: 6,
      ATEM: 7,
      KLAYTN: 8,
      WKLAY: 9,
      POL_LEGACY: 10,
      WPOL: 11,
    });
  });

  it('numbers the currency types fiat 0, native 1, erc20 2', () => {
    expect(CurrencyType).toEqual({ FIAT: 0, NATIVE: 1, ERC20: 2 });
  });
});

describe('CURRENCIES', () => {
  it('describes every code', () => {
    for (const code of Object.values(CurrencyCode)) expect(CURRENCIES[code]).toBeDefined();
  });

  it('shows both POL codes as native POL and code 8 as native KLAY', () => {
    expect(CURRENCIES[CurrencyCode.POL]).toEqual({ type: CurrencyType.NATIVE, symbol: 'POL', decimals: 18 });
    expect(CURRENCIES[CurrencyCode.POL_LEGACY]).toEqual(CURRENCIES[CurrencyCode.POL]);
    expect(CURRENCIES[CurrencyCode.KLAYTN].symbol).toBe('KLAY');
  });

  it('marks fiat, native and token currencies by type', () => {
    expect(CURRENCIES[CurrencyCode.JPY].type).toBe(CurrencyType.FIAT);
    expect(CURRENCIES[CurrencyCode.ETH].type).toBe(CurrencyType.NATIVE);
    expect(CURRENCIES[CurrencyCode.WETH].type).toBe(CurrencyType.ERC20);
    expect(CURRENCIES[CurrencyCode.ATEM].type).toBe(CurrencyType.ERC20);
  });
});

describe('currencyForChainId', () => {
  it('maps chain ids to currencies as the spec lists, plus 97 as BNB', () => {
    const expected: Record<number, CurrencyCode> = {
      1: CurrencyCode.ETH,
      56: CurrencyCode.BNB,
      97: CurrencyCode.BNB,
      137: CurrencyCode.POL,
      8217: CurrencyCode.WKLAY,
      80002: CurrencyCode.POL,
      80001: CurrencyCode.POL,
      1001: CurrencyCode.KLAYTN,
      11155111: CurrencyCode.ETH,
    };
    for (const [id, code] of Object.entries(expected)) expect(currencyForChainId(Number(id))).toBe(code);
  });

  it('gives undefined for an unknown chain', () => {
    expect(currencyForChainId(5)).toBeUndefined();
  });
});

describe('currenciesForChain', () => {
  it('offers native, wrapped and ATEM on each chain, native first', () => {
    expect(currenciesForChain('ETH')).toEqual([CurrencyCode.ETH, CurrencyCode.WETH, CurrencyCode.ATEM]);
    expect(currenciesForChain('BSC')).toEqual([CurrencyCode.BNB, CurrencyCode.WBNB, CurrencyCode.ATEM]);
    expect(currenciesForChain('KLAYTN')).toEqual([CurrencyCode.KLAYTN, CurrencyCode.WKLAY, CurrencyCode.ATEM]);
    expect(currenciesForChain('POLYGON')).toEqual([CurrencyCode.POL, CurrencyCode.WPOL, CurrencyCode.ATEM]);
  });

  it('never offers a fiat currency', () => {
    for (const key of CHAIN_KEYS) {
      for (const code of currenciesForChain(key)) expect(CURRENCIES[code].type).not.toBe(CurrencyType.FIAT);
    }
  });
});

describe('isCurrencyCode and canonicalCurrencyCode', () => {
  it('accepts the codes 0 to 10 only', () => {
    expect(isCurrencyCode(0)).toBe(true);
    expect(isCurrencyCode(10)).toBe(true);
    expect(isCurrencyCode(11)).toBe(true);
    expect(isCurrencyCode(12)).toBe(false);
    expect(isCurrencyCode('2')).toBe(false);
  });

  it('writes the second POL code as the first and leaves others alone', () => {
    expect(canonicalCurrencyCode(CurrencyCode.POL_LEGACY)).toBe(CurrencyCode.POL);
    expect(canonicalCurrencyCode(CurrencyCode.ATEM)).toBe(CurrencyCode.ATEM);
  });
});
