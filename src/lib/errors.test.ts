import { describe, expect, it } from 'vitest';
import {
  errorStatus,
  floorGasPrice,
  isUserRejection,
  MIN_GAS_PRICE_WEI,
  mapTransactionError,
  NO_METAMASK,
  NO_WALLET,
  SIGN_REFUSED,
  UNKNOWN_CHAIN,
  unknownMiddlewareMessage,
} from './errors';

describe('error messages', () => {
  it('match the wording of the error catalogue exactly', () => {
    expect(SIGN_REFUSED).toBe('1: You need to sign the message to be able to log in.');
    expect(NO_WALLET).toBe('[Error] There is no Ethereum wallet.');
    expect(NO_METAMASK).toBe('No metamask detected');
    expect(UNKNOWN_CHAIN).toBe('not match any chain id');
  });

  it('name the missing middleware', () => {
    expect(unknownMiddlewareMessage('admin')).toBe('Unknown middleware admin');
  });
});

describe('mapTransactionError', () => {
  it('reports insufficient funds whatever the case of the word', () => {
    expect(mapTransactionError(new Error('INSUFFICIENT FUNDS for gas * price + value'))).toBe('Insufficient funds');
    expect(mapTransactionError('err: insufficient balance')).toBe('Insufficient funds');
  });

  it('reports a missing order when the message says not found', () => {
    expect(mapTransactionError(new Error('order not found'))).toBe('Order not found');
  });

  it('prefers insufficient funds when a message says both', () => {
    expect(mapTransactionError(new Error('not found: insufficient allowance'))).toBe('Insufficient funds');
  });

  it('reads the nested cause and short message viem errors carry', () => {
    const viemLike = { shortMessage: 'Execution reverted.', cause: { details: 'insufficient funds' } };
    expect(mapTransactionError(viemLike)).toBe('Insufficient funds');
  });

  it('reports any other failure, or a non-error, as reverted', () => {
    expect(mapTransactionError(new Error('execution reverted'))).toBe('Transaction has been reverted');
    expect(mapTransactionError(undefined)).toBe('Transaction has been reverted');
    expect(mapTransactionError(42)).toBe('Transaction has been reverted');
  });
});

describe('errorStatus', () => {
  it('uses the status the error carries', () => {
    expect(errorStatus({ status: 404 })).toBe(404);
    expect(errorStatus({ statusCode: 403 })).toBe(403);
  });

  it('uses the status of the response inside the error', () => {
    expect(errorStatus({ response: { status: 401 } })).toBe(401);
  });

  it('falls back to the given response status', () => {
    expect(errorStatus(new Error('boom'), { status: 502 })).toBe(502);
  });

  it('defaults to 500, also for values that are not HTTP statuses', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus({ status: 'bad' }, { status: 0 })).toBe(500);
  });
});

describe('floorGasPrice', () => {
  it('sets the minimum at 5 gwei', () => {
    expect(MIN_GAS_PRICE_WEI).toBe(5_000_000_000n);
  });

  it('raises a lower gas price to 5 gwei', () => {
    expect(floorGasPrice(1n)).toBe(5_000_000_000n);
  });

  it('keeps a gas price of 5 gwei or more', () => {
    expect(floorGasPrice(5_000_000_000n)).toBe(5_000_000_000n);
    expect(floorGasPrice(30_000_000_000n)).toBe(30_000_000_000n);
  });
});

describe('isUserRejection', () => {
  it('finds code 4001 or the wallet\'s "user rejected" words anywhere in the cause chain', () => {
    expect(isUserRejection(Object.assign(new Error('denied'), { code: 4001 }))).toBe(true);
    expect(isUserRejection(new Error('outer', { cause: Object.assign(new Error('x'), { code: 4001 }) }))).toBe(true);
    expect(isUserRejection({ shortMessage: 'User rejected the request.' })).toBe(true);
    expect(isUserRejection(new Error('MetaMask Tx Signature: User denied transaction signature.'))).toBe(true);
  });

  it('is false for other failures and for non-errors', () => {
    expect(isUserRejection(new Error('execution reverted'))).toBe(false);
    expect(isUserRejection(Object.assign(new Error('x'), { code: -32603 }))).toBe(false);
    expect(isUserRejection('User rejected')).toBe(false);
    expect(isUserRejection(null)).toBe(false);
  });
});
