/**
 * Trading's jobs on the one runner (../../../server/jobs/runner.ts), all under the leader lock, registered by the
 * composition root beside the indexer's chain jobs: each chain's active listings, offers and bids are re-checked
 * (../recheck/recheckOrders.server.ts) apart from the block loop, so those reads never hold back new blocks, and
 * not while the chain makes no block (nothing an order depends on can have moved: a chain at rest costs nothing); its
 * ended timed auctions are settled (../auction/settleAuctions.server.ts); and the listings' start and end times are
 * followed (./listingClock.server.ts: ended ones are marked expired). Each pass returns the change it made (a
 * settlement or an expiry is said at once, before the pass reads when to run again) and the runner publishes it.
 */

import type { Address } from 'viem';
import { refreshPriceRanks } from '~/features/catalogue/cardWrites.server';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import type { Change } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { serverSettings } from '~/server/settings/settings.server';
import { settleAuctions } from '../auction/settleAuctions.server';
import { type SettlerSettings, settlerAccount } from '../orders/settler.server';
import { recheckOrders } from '../recheck/recheckOrders.server';
import type { ZoneSigning } from '../zone/signOrderFill.server';
import { type ZoneSignerSettings, zoneSignerAccount } from '../zone/zoneSigner.server';
import { expireListings, listingsStarted, nextAuctionEnd, nextListingMoment } from './listingClock.server';

/** What trading's jobs need. */
export interface TradingJobsOptions {
  /** The leader's database (writes fenced with its lease). */
  db: Database;
  chains: readonly Chain[];
  feeRecipient: Address | undefined;
  /** How often the indexer polls `chain`, in ms: a settlement under way is followed as closely (500 ms at least). */
  pollMsOf: (chain: Chain) => number;
  /** Default: the server's settings. */
  settings?: SettlerSettings & ZoneSignerSettings;
}

/**
 * The listing clock looks again at least this often; it waits for the next moment a listing starts or ends, and a
 * change to the lists (a new listing) wakes it ({@link TRADING_WAKES}).
 */
const SWEEP_MAX_MS = 60_000;
const SWEEP_MIN_MS = 200;
/** Orders are re-checked about once a minute (ORDER_CHECK_INTERVAL_MS): the job looks this often for due ones. */
const RECHECK_EVERY_MS = 30_000;
/** Auction settlement looks at least this often; it waits for the next auction to end, or for a change. */
const SETTLE_MAX_MS = 60_000;
/** The jobs a change to the lists wakes (a new listing, bid or offer may be due sooner than they sleep). */
export const TRADING_WAKES = ['listing clock', 're-checking orders', 'settling auctions'] as const;

/** Registers trading's jobs (see the module comment) on `runner`. */
export function registerTradingJobs(runner: JobRunner<Change>, options: TradingJobsOptions): void {
  const { db, chains } = options;
  const settings = options.settings ?? serverSettings();
  const account = settlerAccount(settings);
  // The settlement signs both fills with the zone's signer for the settlement account (without it, none settles).
  const zoneAccount = zoneSignerAccount(settings);
  const zone: ZoneSigning | undefined =
    zoneAccount && options.feeRecipient
      ? { account: zoneAccount, settings, feeRecipient: options.feeRecipient }
      : undefined;
  for (const chain of chains) {
    const client = publicClientFor(chain);
    /** The head at the end of the last complete pass: while the chain makes no block, no order can have changed. */
    let checkedAtHead: bigint | undefined;
    runner.every(`${chain.chainName}: re-checking orders`, { pollMs: RECHECK_EVERY_MS, needsLock: true }, async () => {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      if (head === checkedAtHead) return undefined;
      const changed = await recheckOrders(db, chain, options.feeRecipient);
      checkedAtHead = head;
      // A bidder disqualified (and maybe a later end): the auctions' pages and grids change.
      const auctions = changed.auctions.length > 0 ? { lists: true, allCards: true } : {};
      return { change: { cards: changed.cards, offers: changed.offerCollections, ...auctions } };
    });
    if (account) {
      const busyMs = Math.max(500, options.pollMsOf(chain));
      runner.every(`${chain.chainName}: settling auctions`, { pollMs: busyMs, needsLock: true }, async (control) => {
        const outcomes = await settleAuctions(db, chain, account, { zone });
        if (outcomes.some((outcome) => outcome.status !== 'pending'))
          await control.changed({ lists: true, allCards: true });
        // A settlement under way is followed closely; otherwise the next pass is when the next auction ends.
        if (outcomes.some((outcome) => outcome.status === 'pending' || outcome.status === 'settling')) return;
        const next = await nextAuctionEnd(db, chain.chainId);
        const wait = next ? next.getTime() - Date.now() + 50 : SETTLE_MAX_MS;
        return { nextInMs: Math.min(SETTLE_MAX_MS, Math.max(busyMs, wait)) };
      });
    }
  }
  let since = new Date();
  runner.every('listing clock', { pollMs: SWEEP_MAX_MS, needsLock: true }, async (control) => {
    const now = new Date();
    const { expired, cardIds } = await expireListings(db, now);
    const started = await listingsStarted(db, since, now);
    // A listing that starts now takes its card's place in the price orders (one that ended left it, above).
    await refreshPriceRanks(db, started);
    if (expired > 0 || started.length > 0) await control.changed({ cards: [...cardIds, ...started], lists: true });
    since = now;
    const next = await nextListingMoment(db, now);
    const wait = next ? next.getTime() - Date.now() + 50 : SWEEP_MAX_MS;
    return { nextInMs: Math.min(SWEEP_MAX_MS, Math.max(SWEEP_MIN_MS, wait)) };
  });
}
