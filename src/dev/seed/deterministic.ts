/**
 * Deterministic stand-ins for random values, so that the demo data is the same on every machine and
 * every run: a seeded PRNG, and hashes, addresses and signatures derived from labels.
 *
 * @see ./demoPlan.ts
 */
import { createHash } from 'node:crypto';

/** A seeded pseudo-random generator (mulberry32): `next()` in [0, 1), plus helpers built on it. */
export interface Random {
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** A {@link Random} seeded with `seed`; two generators with the same seed give the same sequence. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new RangeError('pick() needs a non-empty list');
    return item;
  };
  return { next, int, pick };
}

/** SHA-256 of `label` as 64 lower-case hex digits, without a prefix. */
function sha256Hex(label: string): string {
  return createHash('sha256').update(label).digest('hex');
}

/** A 0x-prefixed 32-byte hash derived from `label` (order hashes, transaction hashes). */
export function hash32(label: string): string {
  return `0x${sha256Hex(label)}`;
}

/** A lower-case 0x-prefixed 20-byte address derived from `label` (demo contract addresses). */
export function addressFrom(label: string): string {
  return `0x${sha256Hex(label).slice(0, 40)}`;
}

/** A 65-byte `r || s || v` signature derived from `label`: well formed, but verifies against no key. */
export function fakeSignature(label: string): string {
  return `0x${sha256Hex(`${label}:r`)}${sha256Hex(`${label}:s`)}1b`;
}

/** `days` days before (negative: after) `now`, plus `minutes` minutes, as a new Date. */
export function daysAgo(now: Date, days: number, minutes = 0): Date {
  return new Date(now.getTime() - days * 86_400_000 + minutes * 60_000);
}
