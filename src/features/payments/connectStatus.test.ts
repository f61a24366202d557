import { describe, expect, it } from 'vitest';
import { accountStatus } from './connectStatus';

describe('accountStatus', () => {
  const verified = {
    details_submitted: true,
    payouts_enabled: true,
    capabilities: { transfers: 'active' },
    requirements: { disabled_reason: null, currently_due: [], past_due: [] },
  };
  it('is verified only when details are in, payouts and transfers are on, and nothing is due', () => {
    expect(accountStatus(verified)).toBe('verified');
    expect(accountStatus({ ...verified, capabilities: { transfers: 'inactive' } })).toBe('restricted');
    expect(accountStatus({ ...verified, requirements: { currently_due: ['individual.id_number'] } })).toBe(
      'restricted',
    );
  });
  it('is pending while onboarding is unfinished or Stripe is checking', () => {
    expect(accountStatus({ details_submitted: false })).toBe('pending');
    expect(
      accountStatus({
        ...verified,
        payouts_enabled: false,
        requirements: { disabled_reason: 'requirements.pending_verification' },
      }),
    ).toBe('pending');
  });
  it('is restricted when Stripe rejected or paused it', () => {
    expect(accountStatus({ ...verified, requirements: { disabled_reason: 'rejected.fraud' } })).toBe('restricted');
    expect(accountStatus({ details_submitted: false, requirements: { disabled_reason: 'platform_paused' } })).toBe(
      'restricted',
    );
  });
});
