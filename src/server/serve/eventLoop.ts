/**
 * The event-loop delay of this process (Node's histogram), shared by the server that feeds it
 * (./siteServer.ts) and the health endpoint that reports it. Kept on `globalThis` so both read the one
 * histogram whichever bundle chunk loads this module.
 *
 * The histogram samples with a 10 ms timer, so it runs only while requests come: {@link noteRequest} turns it on
 * and it turns itself off after {@link IDLE_AFTER_MS} without a request (an idle server wakes for nothing; the
 * figures are the delay a request could meet, which is what they are for).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;

/** How long after the last request the histogram keeps sampling, in ms. */
export const IDLE_AFTER_MS = 2_000;

const KEY = Symbol.for('kirafuda.eventLoopDelay');
interface Sampler {
  histogram: IntervalHistogram;
  on: boolean;
  lastRequestAt: number;
}
type Registry = { [KEY]?: Sampler };

function sampler(): Sampler {
  const registry = globalThis as Registry;
  registry[KEY] ??= { histogram: monitorEventLoopDelay({ resolution: 10 }), on: false, lastRequestAt: 0 };
  return registry[KEY];
}

/** A request came: sample the delay until {@link IDLE_AFTER_MS} pass without one. */
export function noteRequest(now: number = Date.now()): void {
  const state = sampler();
  state.lastRequestAt = now;
  if (state.on) return;
  state.on = true;
  state.histogram.enable();
  const check = () => {
    const quiet = Date.now() - state.lastRequestAt;
    if (quiet >= IDLE_AFTER_MS) {
      state.histogram.disable();
      state.on = false;
      return;
    }
    setTimeout(check, IDLE_AFTER_MS - quiet).unref();
  };
  setTimeout(check, IDLE_AFTER_MS).unref();
}

/** Whether the histogram samples now (for tests). */
export function eventLoopSampling(): boolean {
  return sampler().on;
}

/** Delay figures in milliseconds over the times requests came since start. */
export function eventLoopDelaySummary(): { p50: number; p99: number; max: number } {
  const { histogram } = sampler();
  const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 1e4) / 100;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
