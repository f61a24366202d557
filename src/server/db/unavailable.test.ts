/**
 * Which failures mean the database did not answer (a request answers 503 and a job tries again soon) and which mean
 * the query or the data was wrong (a 4xx or 500 as before): PostgreSQL's own errors, node-postgres's, the
 * socket's, as drizzle wraps them, and a chain RPC's, which is not the database.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { HttpRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

/** An error as PostgreSQL sends it (node-postgres's DatabaseError carries the SQLSTATE as `code`). */
const postgres = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** As drizzle throws it: the query, with the driver's error as its cause. */
const drizzled = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a backend ended by pg_terminate_backend or a fast shutdown',
      postgres('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up', postgres('57P03', 'the database system is starting up')],
    ['the idle-in-transaction limit', postgres('25P03', 'terminating connection due to idle-in-transaction timeout')],
    ['lock_timeout', postgres('55P03', 'canceling statement due to lock timeout')],
    ['statement_timeout', postgres('57014', 'canceling statement due to statement timeout')],
    ['a connection exception', postgres('08006', 'connection failure')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    ['a client that broke before', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
  ])('yes for %s, also as drizzle wraps it', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(drizzled(error))).toBe(true);
  });

  it('yes for a connection tried on two addresses that refused both', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused('::1'), refused('127.0.0.1')]))).toBe(true);
  });

  it.each([
    ['a unique violation', postgres('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', postgres('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing at all', undefined],
  ])('no for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(drizzled(error))).toBe(false);
  });

  it('no for a chain RPC that cannot be reached, whatever its socket said', () => {
    const cause = Object.assign(new Error('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8545'), { code: 'ECONNREFUSED' }),
    });
    expect(isDatabaseUnavailable(new HttpRequestError({ url: 'http://127.0.0.1:8545', cause }))).toBe(false);
  });
});
