import { describe, expect, test } from 'vitest';
import { nextPayoutStatus, type PayoutFacts, payoutActions, payoutReviewProblem } from './payoutStates';

const HASH = `0x${'ab'.repeat(32)}`;
const chain: PayoutFacts = { rail: 'chain' };
const stripe: PayoutFacts = { rail: 'stripe' };
const begun: PayoutFacts = { rail: 'stripe', transferStarted: true };
const manual: PayoutFacts = { rail: 'manual' };

describe('payout states', () => {
  test('a crypto request is approved then paid with its transaction hash, or rejected before it is paid', () => {
    expect(payoutActions('requested', chain)).toEqual(['approve', 'reject']);
    expect(payoutActions('approved', chain)).toEqual(['pay', 'reject']);
    expect(nextPayoutStatus('approved', 'pay', chain)).toBe('paid');
    expect(nextPayoutStatus('approved', 'reject', chain)).toBe('rejected');
  });

  test('a yen payout through Stripe is transferred, then paid; it can be reversed, never rejected once begun', () => {
    expect(payoutActions('approved', stripe)).toEqual(['transfer', 'reject']);
    expect(payoutActions('approved', begun)).toEqual(['transfer']);
    expect(payoutActions('transferred', begun)).toEqual(['reverse']);
    expect(payoutActions('paid', begun)).toEqual(['reverse']);
    expect(nextPayoutStatus('paid', 'reject', begun)).toBeNull();
    expect(nextPayoutStatus('transferred', 'reverse', begun)).toBe('reversed');
    expect(nextPayoutStatus('approved', 'pay', stripe)).toBeNull();
  });

  test('a yen payout paid by hand (card payments off) is approved then marked paid without a hash', () => {
    expect(payoutActions('approved', manual)).toEqual(['pay', 'reject']);
    expect(payoutReviewProblem('approved', { action: 'pay' }, manual)).toBeNull();
  });

  test('paid crypto, rejected and reversed payouts are final', () => {
    expect(payoutActions('paid', chain)).toEqual([]);
    expect(payoutActions('rejected', stripe)).toEqual([]);
    expect(payoutActions('reversed', begun)).toEqual([]);
    expect(nextPayoutStatus('requested', 'pay', chain)).toBeNull();
  });

  test('a move the status does not allow is named by the status; a begun transfer says to reverse it', () => {
    expect(payoutReviewProblem('paid', { action: 'approve' }, chain)).toBe('status: a paid payout cannot be approved');
    expect(payoutReviewProblem('approved', { action: 'reject', reason: 'x' }, begun)).toBe(
      'status: the transfer was started; reverse it instead of rejecting',
    );
  });

  test('a rejection and a reversal need a reason; a crypto payment needs a transaction hash', () => {
    expect(payoutReviewProblem('requested', { action: 'reject' }, chain)).toMatch(/^reason: /);
    expect(payoutReviewProblem('requested', { action: 'reject', reason: '   ' }, chain)).toMatch(/^reason: /);
    expect(payoutReviewProblem('requested', { action: 'reject', reason: 'no wallet' }, chain)).toBeNull();
    expect(payoutReviewProblem('paid', { action: 'reverse' }, begun)).toMatch(/^reason: /);
    expect(payoutReviewProblem('approved', { action: 'pay', txHash: '0x12' }, chain)).toMatch(/^tx_hash: /);
    expect(payoutReviewProblem('approved', { action: 'pay', txHash: HASH }, chain)).toBeNull();
    expect(payoutReviewProblem('requested', { action: 'approve' }, chain)).toBeNull();
  });

  test('a reason longer than 500 characters is refused', () => {
    expect(payoutReviewProblem('requested', { action: 'reject', reason: 'x'.repeat(501) }, chain)).toMatch(/^reason: /);
  });
});
