/**
 * The event-loop delay of this process, shared by the server that feeds it (./siteServer.ts) and the health
 * endpoint that reports it. Kept on `globalThis` so both read the one histogram whichever bundle chunk loads
 * this module.
 *
 * A timer every {@link RESOLUTION_MS} records how late it fires. It runs only while requests come:
 * {@link noteRequest} starts it and it stops after {@link IDLE_AFTER_MS} without a request, so an idle server
 * wakes for nothing and the figures are the delay a request could meet. (Node's `monitorEventLoopDelay` samples
 * all the time, and re-enabled it counts the whole quiet time as one delay.)
 */
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';

/** How long after the last request the sampling goes on, in ms. */
export const IDLE_AFTER_MS = 2_000;
/** How often the timer looks, in ms. */
const RESOLUTION_MS = 10;

const KEY = Symbol.for('kirafuda.eventLoopDelay');
interface Sampler {
  /** Lateness of the timer in ns (a histogram records integers >= 1). */
  histogram: RecordableHistogram;
  on: boolean;
  lastRequestAt: number;
}
type Registry = { [KEY]?: Sampler };

function sampler(): Sampler {
  const registry = globalThis as Registry;
  registry[KEY] ??= { histogram: createHistogram(), on: false, lastRequestAt: 0 };
  return registry[KEY];
}

/** A request came: sample the delay until {@link IDLE_AFTER_MS} pass without one. */
export function noteRequest(): void {
  const state = sampler();
  state.lastRequestAt = Date.now();
  if (state.on) return;
  state.on = true;
  const look = (due: number) => {
    const at = performance.now();
    state.histogram.record(Math.max(1, Math.round((at - due) * 1e6)));
    if (Date.now() - state.lastRequestAt >= IDLE_AFTER_MS) {
      state.on = false;
      return;
    }
    setTimeout(look, RESOLUTION_MS, at + RESOLUTION_MS).unref();
  };
  setTimeout(look, RESOLUTION_MS, performance.now() + RESOLUTION_MS).unref();
}

/** Whether the timer runs now (for tests). */
export function eventLoopSampling(): boolean {
  return sampler().on;
}

/** Delay figures in milliseconds over the times requests came since start. */
export function eventLoopDelaySummary(): { p50: number; p99: number; max: number } {
  const { histogram } = sampler();
  if (histogram.count === 0) return { p50: 0, p99: 0, max: 0 };
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
