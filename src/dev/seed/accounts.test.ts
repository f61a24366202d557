import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC, anvilAddress } from './accounts.ts';

describe('demo wallet accounts', () => {
  it('are the addresses anvil derives from its default mnemonic, in order', () => {
    const derived = ANVIL_ACCOUNTS.map(
      (_, index) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address,
    );
    expect([...ANVIL_ACCOUNTS]).toEqual(derived);
  });

  it('start with the first four default anvil accounts', () => {
    expect(ANVIL_ACCOUNTS.slice(0, 4)).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    ]);
  });

  it('are stored lower-cased, and an index past the list is refused', () => {
    expect(anvilAddress(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(() => anvilAddress(ANVIL_ACCOUNTS.length)).toThrow(RangeError);
  });
});
