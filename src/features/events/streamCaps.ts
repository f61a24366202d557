/**
 * How one process's live streams (./stream.server.ts) are shared, so that nobody can take them all and leave the
 * live pages and header bells of everyone else refused. A new stream is refused when it would pass one of:
 *
 * - the process's streams: `LIVE_STREAMS_MAX` (default {@link DEFAULT_MAX_STREAMS}; 0: none, every page polls);
 * - one network's ({@link MAX_STREAMS_PER_NETWORK}: an IPv4 address, an IPv6 /64; a few tabs each of a household
 *   or office behind one address);
 * - one wide network's ({@link WIDE_NETWORK_SHARE}: an IPv4 /24, an IPv6 /48 may hold a tenth of the process's
 *   streams): before this, each address had its own 24 and about 209 addresses, fewer than one /64 holds,
 *   filled a process;
 * - one signed-in account's ({@link MAX_STREAMS_PER_ACCOUNT}, from however many addresses: a page and a bell
 *   in each of a person's tabs).
 *
 * A refused page still updates: it polls the time of its topics' last change (./followStream.ts).
 *
 * @see ../../lib/network.ts, ../../../docs/operations.md (live pages)
 */
import { networkOf, wideNetworkOf } from '~/lib/network';
import type { Settings } from '~/server/settings/schema';

/** Streams of one process unless `LIVE_STREAMS_MAX` says (a connection and a few KiB each). */
export const DEFAULT_MAX_STREAMS = 5_000;
/** Streams of one network (an IPv4 address, an IPv6 /64). */
export const MAX_STREAMS_PER_NETWORK = 24;
/** Streams of one signed-in account, whatever its addresses. */
export const MAX_STREAMS_PER_ACCOUNT = 32;
/** One wide network (IPv4 /24, IPv6 /48) holds at most 1 / this of the process's streams (never under one network's). */
export const WIDE_NETWORK_SHARE = 10;

/** The caps of one process. */
export interface StreamLimits {
  total: number;
  perNetwork: number;
  perWideNetwork: number;
  perAccount: number;
}

/** The caps (see the module comment). */
export function streamLimits(settings: Pick<Settings, 'LIVE_STREAMS_MAX'>): StreamLimits {
  const total = settings.LIVE_STREAMS_MAX;
  return {
    total,
    perNetwork: MAX_STREAMS_PER_NETWORK,
    perWideNetwork: Math.max(MAX_STREAMS_PER_NETWORK, Math.floor(total / WIDE_NETWORK_SHARE)),
    perAccount: MAX_STREAMS_PER_ACCOUNT,
  };
}

/** Who opens a stream: the client's address and, when signed in, the account. */
export interface StreamHolder {
  ip: string;
  userId: number | null;
}

/** Which cap a refused stream would pass. */
export type StreamRefusal = 'busy' | 'account' | 'network' | 'wide_network';

/** The open streams of one process, by who holds them (see the module comment). */
export class StreamCounts {
  readonly #limits: StreamLimits;
  readonly #open = new Map<string, number>();
  #total = 0;

  constructor(limits: StreamLimits) {
    this.#limits = limits;
  }

  /** Open streams. */
  get total(): number {
    return this.#total;
  }

  /** The counters `holder` adds to, with their caps. */
  #counters({ ip, userId }: StreamHolder): Array<{ key: string; cap: number; refusal: StreamRefusal }> {
    const account =
      userId === null ? [] : [{ key: `account ${userId}`, cap: this.#limits.perAccount, refusal: 'account' as const }];
    return [
      ...account,
      { key: `network ${networkOf(ip)}`, cap: this.#limits.perNetwork, refusal: 'network' },
      { key: `wide ${wideNetworkOf(ip)}`, cap: this.#limits.perWideNetwork, refusal: 'wide_network' },
    ];
  }

  /** Which cap another stream of `holder` would pass, or null when it may open. */
  refusal(holder: StreamHolder): StreamRefusal | null {
    if (this.#total >= this.#limits.total) return 'busy';
    for (const { key, cap, refusal } of this.#counters(holder)) if ((this.#open.get(key) ?? 0) >= cap) return refusal;
    return null;
  }

  /** Counts a stream of `holder`; returns its release (later calls do nothing). */
  take(holder: StreamHolder): () => void {
    const keys = this.#counters(holder).map(({ key }) => key);
    this.#total += 1;
    for (const key of keys) this.#open.set(key, (this.#open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      for (const key of keys) {
        const left = (this.#open.get(key) ?? 1) - 1;
        if (left > 0) this.#open.set(key, left);
        else this.#open.delete(key);
      }
    };
  }
}
