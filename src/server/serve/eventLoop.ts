/**
 * The event-loop delay of this process (Node's histogram), shared by the server that enables it
 * (./siteServer.ts) and the health endpoint that reports it. Kept on `globalThis` so both read the one
 * histogram whichever bundle chunk loads this module.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;

const KEY = Symbol.for('kirafuda.eventLoopDelay');
type Registry = { [KEY]?: IntervalHistogram };

/** The histogram (10 ms resolution), made on first use. */
export function eventLoopDelay(): IntervalHistogram {
  const registry = globalThis as Registry;
  registry[KEY] ??= monitorEventLoopDelay({ resolution: 10 });
  return registry[KEY];
}

/** Delay figures in milliseconds since the last reset. */
export function eventLoopDelaySummary(): { p50: number; p99: number; max: number } {
  const histogram = eventLoopDelay();
  const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 1e4) / 100;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
