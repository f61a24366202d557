/**
 * Whether an error means the database did not answer this time, rather than that the query was wrong: it could
 * not be reached, it ended the connection (a restart, a fail-over, `pg_terminate_backend`, the idle-in-transaction
 * limit), or a bound on waiting ran out (`lock_timeout`, `statement_timeout`: ./transactionLimits.ts). PostgreSQL
 * rolled back whatever transaction it ended, so the same request or job pass may simply be tried again: the API
 * and the page cache answer 503 with `Retry-After`, and the job runner tries again soon.
 *
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */

/**
 * SQLSTATEs of a database that did not answer: `57P01` admin shutdown (`pg_terminate_backend`, a fast shutdown),
 * `57P02` crash shutdown, `57P03` cannot connect now (starting up, shutting down), `57P05` idle session timeout,
 * `25P03` idle-in-transaction timeout, `55P03` lock not available (`lock_timeout`), `57014` query cancelled
 * (`statement_timeout`), `53300` too many connections; and all of class `08` (connection exception).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '55P03', '57014', '53300']);

/** What the socket says when the server is not there (refused, reset, unreachable, not resolvable). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and its pool say of a connection that ended or never came (they carry no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

/** The error, its causes and the errors it gathers (a connection tried on two addresses fails with both). */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 6 || typeof error !== 'object' || error === null) return;
  const current = error as Record<string, unknown>;
  // A chain RPC that cannot be reached (viem's errors carry a `shortMessage`) is not the database.
  if ('shortMessage' in current) return;
  yield current;
  yield* chain(current['cause'], depth + 1);
  if (Array.isArray(current['errors'])) for (const inner of current['errors']) yield* chain(inner, depth + 1);
}

/** Whether `error` says the database did not answer (see the module comment). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = typeof link['code'] === 'string' ? link['code'] : '';
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
    const message = typeof link['message'] === 'string' ? link['message'] : '';
    if (DRIVER_MESSAGES.some((known) => message.startsWith(known))) return true;
  }
  return false;
}
