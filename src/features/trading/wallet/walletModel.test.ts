import { describe, expect, it } from 'vitest';
import { explorerTxUrl, pickProvider, withGasFloor } from './walletModel';

describe('pickProvider', () => {
  it('prefers an announced wallet over window.ethereum, and falls back to it', () => {
    expect(pickProvider([{ provider: 'a' }], 'b')).toBe('a');
    expect(pickProvider([], 'b')).toBe('b');
    expect(pickProvider([], null)).toBeNull();
  });
});

describe('withGasFloor', () => {
  it('raises a low legacy gas price or max fee to 5 gwei', () => {
    expect(withGasFloor({ gasPrice: '0x1' }, 0n)).toEqual({ gasPrice: '0x12a05f200' });
    expect(withGasFloor({ maxFeePerGas: '0x1', to: '0x' }, 0n)).toEqual({ maxFeePerGas: '0x12a05f200', to: '0x' });
  });
  it('keeps prices above the floor', () => {
    expect(withGasFloor({ gasPrice: '0x2540be400' }, 0n)).toEqual({ gasPrice: '0x2540be400' });
  });
  it('adds the floored network price when the request names none', () => {
    expect(withGasFloor({}, 1n)).toEqual({ gasPrice: '0x12a05f200' });
    expect(withGasFloor({}, 10_000_000_000n)).toEqual({ gasPrice: '0x2540be400' });
  });
});

describe('explorerTxUrl', () => {
  it('links a transaction on the first explorer, or not at all without one', () => {
    expect(explorerTxUrl(['https://polygonscan.com/'], '0xabc')).toBe('https://polygonscan.com/tx/0xabc');
    expect(explorerTxUrl([], '0xabc')).toBeNull();
  });
});
