import { describe, expect, it } from 'vitest';
import { tradeRole } from './tradeRole';

const OWNER = '0x00000000000000000000000000000000000000aA';
const OTHER = '0x00000000000000000000000000000000000000bb';

describe('tradeRole', () => {
  const auction = (bidCount: number, endsAt = '2030-01-01T00:00:00Z') => ({
    sellerAddress: OWNER,
    unbuyableReason: null,
    auction: {
      status: 'running',
      reservePrice: '1',
      minimumBid: '1',
      currencyCode: 4,
      endsAt,
      bidsValidUntil: endsAt,
      bidCount,
    },
  });
  const now = Date.parse('2029-12-31T00:00:00Z');
  it('lets others bid on a running timed auction, and the seller cancel it only before the first bid', () => {
    const other = '0x00000000000000000000000000000000000000b0';
    expect(tradeRole({ owner: OWNER, userWallet: other, listing: auction(0), now })).toBe('bid');
    expect(tradeRole({ owner: OWNER, userWallet: null, listing: auction(0), now })).toBe('signIn');
    expect(tradeRole({ owner: OWNER, userWallet: OWNER, listing: auction(0), now })).toBe('cancel');
    expect(tradeRole({ owner: OWNER, userWallet: OWNER, listing: auction(2), now })).toBe('none');
    expect(tradeRole({ owner: OWNER, userWallet: other, listing: auction(2, '2029-12-30T00:00:00Z'), now })).toBe(
      'none',
    );
  });
  it('lets the owner sell an unlisted card, whatever the address case', () => {
    expect(tradeRole({ owner: OWNER, userWallet: OWNER.toLowerCase(), listing: null })).toBe('sell');
  });
  it('lets the seller cancel their own listing', () => {
    expect(
      tradeRole({
        owner: OWNER,
        userWallet: OWNER,
        listing: { sellerAddress: OWNER.toLowerCase(), unbuyableReason: null },
      }),
    ).toBe('cancel');
  });
  it('lets someone else buy a listing', () => {
    expect(
      tradeRole({ owner: OWNER, userWallet: OTHER, listing: { sellerAddress: OWNER, unbuyableReason: null } }),
    ).toBe('buy');
  });
  it('asks a signed-out visitor to sign in before buying', () => {
    expect(
      tradeRole({ owner: OWNER, userWallet: null, listing: { sellerAddress: OWNER, unbuyableReason: null } }),
    ).toBe('signIn');
  });
  it('offers no Buy on a listing that cannot be bought now, but still lets its seller cancel it', () => {
    const listing = { sellerAddress: OWNER, unbuyableReason: 'not_approved' };
    expect(tradeRole({ owner: OWNER, userWallet: OTHER, listing })).toBe('none');
    expect(tradeRole({ owner: OWNER, userWallet: OWNER, listing })).toBe('cancel');
  });
  it('offers nothing on an unlisted card of someone else', () => {
    expect(tradeRole({ owner: OWNER, userWallet: OTHER, listing: null })).toBe('none');
    expect(tradeRole({ owner: OWNER, userWallet: null, listing: null })).toBe('none');
  });
});
