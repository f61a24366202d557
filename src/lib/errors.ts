/**
 * User-facing error messages and small error helpers from the error catalogue.
 *
 * The strings are kept byte-for-byte as the spec gives them because tests and
 * people compare them literally.
 *
 * @see docs/product-spec.md §8 (error catalogue), §5, §9
 */

/**
 * Shown when the user refuses to sign the login message.
 * @see spec §8 "Sign refusal", §5 "Signing the login message must succeed"
 */
export const SIGN_REFUSED = '1: You need to sign the message to be able to log in.';

/**
 * Shown when a wallet action is attempted and no EIP-1193 wallet is present.
 * @see spec §8 "No wallet"
 */
export const NO_WALLET = '[Error] There is no Ethereum wallet.';

/**
 * Logged (not shown) by the menus and chain selector when no wallet is present.
 * @see spec §8 "No wallet", §2 "Chain and account changes"
 */
export const NO_METAMASK = 'No metamask detected';

/**
 * Logged when a chain id or name matches none of the configured chains.
 * @see spec §8 "Unknown chain", §5
 */
export const UNKNOWN_CHAIN = 'not match any chain id';

/** Transaction error shown when the wallet lacks funds. @see spec §8 */
export const TX_INSUFFICIENT_FUNDS = 'Insufficient funds';
/** Transaction error shown when the order no longer exists. @see spec §8 */
export const TX_ORDER_NOT_FOUND = 'Order not found';
/** Transaction error shown for every other failure. @see spec §8 */
export const TX_REVERTED = 'Transaction has been reverted';

/** The three messages a failed transaction can be shown as. @see spec §8 */
export type TransactionErrorMessage = typeof TX_INSUFFICIENT_FUNDS | typeof TX_ORDER_NOT_FOUND | typeof TX_REVERTED;

/** Gathers every message-like text of an error and its causes (viem nests the useful part). */
function errorTexts(err: unknown, depth = 0): string[] {
  if (depth > 5 || err === null || err === undefined) return [];
  if (typeof err === 'string') return [err];
  if (typeof err !== 'object') return [String(err)];
  const texts: string[] = [];
  for (const key of ['message', 'shortMessage', 'details', 'reason'] as const) {
    const value: unknown = (err as Record<string, unknown>)[key];
    if (typeof value === 'string') texts.push(value);
  }
  return texts.concat(errorTexts((err as { cause?: unknown }).cause, depth + 1));
}

/**
 * Whether the person declined in their wallet (EIP-1193 code 4001 anywhere in the error's `cause` chain, or
 * a "user rejected/denied" message): not a failure of the transaction, and told as such.
 */
export function isUserRejection(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== 'object') return false;
  if ((err as { code?: unknown }).code === 4001) return true;
  const own = ['message', 'shortMessage', 'details']
    .map((key) => (err as Record<string, unknown>)[key])
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
  if (/user (rejected|denied)/i.test(own)) return true;
  return isUserRejection((err as { cause?: unknown }).cause, depth + 1);
}

/**
 * Maps any transaction failure to one of the three messages the user sees.
 * Looks at the error's message (and viem's `shortMessage`/`details` and nested
 * `cause`s): "insufficient" (any case) wins over "not found"; anything else is
 * reported as reverted.
 * @see spec §8 "Transaction error containing ..."
 */
export function mapTransactionError(err: unknown): TransactionErrorMessage {
  const text = errorTexts(err).join('\n').toLowerCase();
  if (text.includes('insufficient')) return TX_INSUFFICIENT_FUNDS;
  if (text.includes('not found')) return TX_ORDER_NOT_FOUND;
  return TX_REVERTED;
}

/** Something that carries an HTTP status, like a fetch `Response`. */
export interface StatusCarrier {
  readonly status?: number | undefined;
}

function httpStatus(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599 ? value : undefined;
}

/**
 * The HTTP status to render for an error page: the error's own `status` or
 * `statusCode`, else its `response.status`, else the given response's status,
 * else 500. Values that are not HTTP statuses (100–599) are ignored.
 * @see spec §8 "Error status", §5 "a thrown error shows its status code or 500"
 */
export function errorStatus(err: unknown, response?: StatusCarrier): number {
  if (typeof err === 'object' && err !== null) {
    const e = err as { status?: unknown; statusCode?: unknown; response?: unknown };
    const own = httpStatus(e.status) ?? httpStatus(e.statusCode);
    if (own !== undefined) return own;
    if (typeof e.response === 'object' && e.response !== null) {
      const nested = httpStatus((e.response as { status?: unknown }).status);
      if (nested !== undefined) return nested;
    }
  }
  return httpStatus(response?.status) ?? 500;
}

/**
 * Message of the 500 error raised when a route names a guard that does not exist.
 * @see spec §8 "Missing middleware"
 */
export function unknownMiddlewareMessage(name: string): string {
  return `Unknown middleware ${name}`;
}

/**
 * Minimum gas price: 5 gwei, in wei.
 * @see spec §5 "Gas price is floored at 5 gwei", §9
 */
export const MIN_GAS_PRICE_WEI: bigint = 5_000_000_000n;

/**
 * Raises a gas price to at least {@link MIN_GAS_PRICE_WEI}; higher prices pass unchanged.
 * @see spec §5
 */
export function floorGasPrice(wei: bigint): bigint {
  return wei < MIN_GAS_PRICE_WEI ? MIN_GAS_PRICE_WEI : wei;
}
