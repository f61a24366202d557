import { describe, expect, test } from 'vitest';
import { nextPayoutStatus, payoutActions, payoutReviewProblem } from './payoutReview';

const HASH = `0x${'ab'.repeat(32)}`;

describe('payout review', () => {
  test('a request can be approved or rejected; an approved payout can be paid or rejected', () => {
    expect(payoutActions('requested')).toEqual(['approve', 'reject']);
    expect(payoutActions('approved')).toEqual(['reject', 'pay']);
    expect(nextPayoutStatus('requested', 'approve')).toBe('approved');
    expect(nextPayoutStatus('approved', 'pay')).toBe('paid');
    expect(nextPayoutStatus('approved', 'reject')).toBe('rejected');
  });

  test('paid and rejected payouts are final', () => {
    expect(payoutActions('paid')).toEqual([]);
    expect(payoutActions('rejected')).toEqual([]);
    expect(nextPayoutStatus('paid', 'reject')).toBeNull();
    expect(nextPayoutStatus('requested', 'pay')).toBeNull();
  });

  test('a move the status does not allow is named by the status', () => {
    expect(payoutReviewProblem('paid', { action: 'approve' })).toBe('status: a paid payout cannot be approved');
    expect(payoutReviewProblem('requested', { action: 'pay', txHash: HASH })).toBe(
      'status: a requested payout cannot be paid',
    );
  });

  test('a rejection needs a reason and a payment needs a transaction hash', () => {
    expect(payoutReviewProblem('requested', { action: 'reject' })).toMatch(/^reason: /);
    expect(payoutReviewProblem('requested', { action: 'reject', reason: '   ' })).toMatch(/^reason: /);
    expect(payoutReviewProblem('requested', { action: 'reject', reason: 'no wallet' })).toBeNull();
    expect(payoutReviewProblem('approved', { action: 'pay', txHash: '0x12' })).toMatch(/^tx_hash: /);
    expect(payoutReviewProblem('approved', { action: 'pay', txHash: HASH })).toBeNull();
    expect(payoutReviewProblem('requested', { action: 'approve' })).toBeNull();
  });

  test('a reason longer than 500 characters is refused', () => {
    expect(payoutReviewProblem('requested', { action: 'reject', reason: 'x'.repeat(501) })).toMatch(/^reason: /);
  });
});
