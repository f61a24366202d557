import { type Address, encodeErrorResult, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { seaportAbi } from '../seaport/seaportAbi';
import { blamedParty, revertDataOf, revertFacts, tokenErrorsAbi } from './revertBlame';

const seller: Address = '0x1111111111111111111111111111111111111111';
const bidder: Address = '0x2222222222222222222222222222222222222222';
const listingHash: Hex = `0x${'aa'.repeat(32)}`;
const bidHash: Hex = `0x${'bb'.repeat(32)}`;
const parties = [
  { offerer: seller, orderHash: listingHash, gives: 'erc721' as const },
  { offerer: bidder, orderHash: bidHash, gives: 'erc20' as const },
];
/** A node's revert as viem wraps it: the data a few causes down. */
const reverted = (data: Hex) => ({ shortMessage: 'reverted', cause: { cause: { code: 3, data } } });
const seaportError = (errorName: string, args?: readonly unknown[]) =>
  reverted(encodeErrorResult({ abi: seaportAbi, errorName, args } as never));
const tokenError = (errorName: string, args: readonly unknown[]) =>
  reverted(encodeErrorResult({ abi: tokenErrorsAbi, errorName, args } as never));

describe('revertFacts', () => {
  it('reads a signature error, which names no one', () => {
    for (const name of ['BadContractSignature', 'InvalidSigner', 'InvalidSignature']) {
      const facts = revertFacts(seaportError(name));
      expect(facts).toMatchObject({ name, reason: 'signature', signature: true });
      expect(blamedParty(facts, parties)).toBeUndefined();
    }
    expect(revertFacts(seaportError('BadSignatureV', [29]))).toMatchObject({ reason: 'signature' });
  });

  it('names the party whose transfer failed, or whose order it names', () => {
    const transfer = revertFacts(seaportError('TokenTransferGenericFailure', [bidder, bidder, seller, 0n, 5n]));
    expect(blamedParty(transfer, parties)?.offerer).toBe(bidder);
    const card = revertFacts(tokenError('ERC721InsufficientApproval', [bidder, 7n]));
    expect(card.reason).toBe('not_approved');
    expect(blamedParty(card, parties)?.offerer).toBe(seller);
    const allowance = revertFacts(tokenError('ERC20InsufficientAllowance', [bidder, 0n, 5n]));
    expect(allowance.reason).toBe('allowance');
    expect(blamedParty(allowance, parties)?.offerer).toBe(bidder);
    const cancelled = revertFacts(seaportError('OrderIsCancelled', [listingHash]));
    expect(cancelled.reason).toBe('cancelled');
    expect(blamedParty(cancelled, parties)?.offerer).toBe(seller);
  });

  it('tells the fulfiller’s own shortfall and a payee that cannot be paid', () => {
    expect(revertFacts(seaportError('InsufficientNativeTokensSupplied'))).toMatchObject({ fulfiller: true });
    const payee = revertFacts(seaportError('NativeTokenTransferGenericFailure', [seller, 1n]));
    expect(payee).toMatchObject({ reason: 'reverts', payee: seller });
    expect(blamedParty(payee, parties)).toBeUndefined();
  });

  it('says only that it reverted when the data is missing or unknown', () => {
    expect(revertFacts(new Error('execution reverted'))).toEqual({ name: undefined, reason: 'reverts' });
    expect(revertFacts(reverted('0xdeadbeef'))).toEqual({ name: undefined, reason: 'reverts' });
    expect(revertDataOf(reverted('0x4f7fb80d'))).toBe('0x4f7fb80d');
  });
});
