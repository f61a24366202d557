/**
 * What each PostgreSQL connection may wait or hold: a transaction idle for half the leader's lease is ended, so a
 * frozen leader's row locks are gone before another process takes the lease over; a typo in the lease stops the
 * start naming it.
 */
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/settings.server';
import { transactionLimits } from './transactionLimits';

describe('transactionLimits', () => {
  it('bounds statements, lock waits and idle transactions; the idle limit is half the lease', () => {
    expect(transactionLimits(loadSettings({}))).toEqual({
      statement_timeout: 60_000,
      lock_timeout: 10_000,
      idle_in_transaction_session_timeout: 10_000,
    });
    expect(transactionLimits(loadSettings({ LEADER_LEASE_MS: '8000' })).idle_in_transaction_session_timeout).toBe(
      4_000,
    );
  });

  it('stops the start on a lease that is not a whole number of at least 2 000 ms', () => {
    expect(loadSettings({ LEADER_LEASE_MS: '' }).LEADER_LEASE_MS).toBe(20_000);
    for (const typo of ['20s', '1500', '-1'])
      expect(() => loadSettings({ LEADER_LEASE_MS: typo })).toThrow(/LEADER_LEASE_MS must be a whole number from 2000/);
  });
});
