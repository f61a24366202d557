import { describe, expect, it } from 'vitest';
import {
  explorerTxUrl,
  listingWindow,
  parseAmount,
  pickProvider,
  randomSalt,
  tradeRole,
  userPagePath,
  withGasFloor,
} from './tradeModel';

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

describe('parseAmount', () => {
  it('turns a decimal price into the smallest unit', () => {
    expect(parseAmount('0.5', 18)).toBe(500_000_000_000_000_000n);
    expect(parseAmount(' 1,000.25 ', 2)).toBe(100_025n);
    expect(parseAmount('3', 0)).toBe(3n);
    expect(parseAmount('.1', 1)).toBe(1n);
  });
  it('refuses zero, negatives, text and too many fraction digits', () => {
    for (const text of ['', '.', '0', '0.00', '-1', 'abc', '1e3', '1.2.3']) expect(parseAmount(text, 18)).toBeNull();
    expect(parseAmount('0.001', 2)).toBeNull();
  });
});

describe('listingWindow', () => {
  it('starts now and ends whole days later', () => {
    expect(listingWindow(1_000.7, 2)).toEqual({ startTime: 1_000n, endTime: 1_000n + 172_800n });
  });
  it('refuses periods outside 1 to 180 days', () => {
    for (const days of [0, -1, 1.5, 181, Number.NaN]) expect(listingWindow(0, days)).toBeNull();
    expect(listingWindow(0, 180)).not.toBeNull();
  });
});

describe('links', () => {
  it('links a transaction on the first explorer, or not at all without one', () => {
    expect(explorerTxUrl(['https://polygonscan.com/'], '0xabc')).toBe('https://polygonscan.com/tx/0xabc');
    expect(explorerTxUrl([], '0xabc')).toBeNull();
  });
  it('sends the seller to their page under the locale prefix', () => {
    expect(userPagePath('/en', OWNER)).toBe(`/en/user/${OWNER}`);
    expect(userPagePath('', OWNER)).toBe(`/user/${OWNER}`);
  });
});

describe('randomSalt', () => {
  it('reads 32 random bytes as one big-endian number', () => {
    const salt = randomSalt((bytes) => bytes.fill(0xff));
    expect(salt).toBe(2n ** 256n - 1n);
    expect(randomSalt((bytes) => bytes)).toBe(0n);
  });
});

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
