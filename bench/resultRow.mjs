/**
 * Rows of the benches' result tables, made from an autocannon result in one place so every table names and rounds
 * its columns the same way.
 */

/**
 * Throughput, latency percentiles (ms) and failures of one run.
 *
 * @param {import('autocannon').Result} result
 */
export function rateColumns(result) {
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'errors+timeouts': result.errors + result.timeouts,
    'non-2xx': result.non2xx,
  };
}

/**
 * One labelled row with the request count and the p90 and max latencies too.
 *
 * @param {string} label
 * @param {import('autocannon').Result} result
 */
export function summaryRow(label, result) {
  return {
    run: label,
    requests: result.requests.total,
    ...rateColumns(result),
    'p90 ms': result.latency.p90,
    'max ms': result.latency.max,
  };
}
