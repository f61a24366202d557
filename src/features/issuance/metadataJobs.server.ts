/**
 * The issuing side's jobs on the process's runner, in the process holding the leader lock (they send the minter's
 * transactions): for each chain, publishing the metadata designs and collections lack (./missingMetadata.server.ts;
 * woken when a collection changes) and freezing designs past their window (./freezeDesigns.server.ts).
 */

import type { Chain } from '~/features/chains/chains';
import type { Change } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { processMetadataOptions } from './cardMetadata.server';
import { freezeDueDesigns } from './freezeDesigns.server';
import { type MinterSettings, minterAccount } from './minter.server';
import { publishMissingMetadata } from './missingMetadata.server';

/** The job's name (a chain's is `{chain}: publishing card metadata`), for `wake`. */
export const METADATA_JOB = 'publishing card metadata';
/** How often each job looks, in ms. */
const PUBLISH_EVERY_MS = 10 * 60_000;
/**
 * The first look waits a whole period: a starting server sends no minter transaction of its own before it has
 * served a while (the local demo publishes its own at set-up, ../../dev/localchain/localChain.server.ts).
 */
const FIRST_PUBLISH_AFTER_MS = PUBLISH_EVERY_MS;
const FREEZE_EVERY_MS = 60 * 60_000;

/** Registers the jobs for `chains` (nothing without a minter key). */
export function registerMetadataJobs(
  runner: JobRunner<Change>,
  db: Database,
  chains: readonly Chain[],
  settings: MinterSettings,
): void {
  const account = minterAccount(settings);
  if (!account) return;
  for (const chain of chains) {
    let started = false;
    runner.every(`${chain.chainName}: ${METADATA_JOB}`, { pollMs: PUBLISH_EVERY_MS, needsLock: true }, async () => {
      if (!started) {
        started = true;
        return { nextInMs: FIRST_PUBLISH_AFTER_MS };
      }
      const pass = await publishMissingMetadata(db, chain, account, await processMetadataOptions());
      // Their token pages now show where the cards live (rare: designs from before, or a failed publication).
      return {
        ...(pass.designs > 0 ? { change: { allCards: true } } : {}),
        ...(pass.more ? { nextInMs: 0 } : {}),
      };
    });
    runner.every(
      `${chain.chainName}: freezing card metadata`,
      { pollMs: FREEZE_EVERY_MS, needsLock: true },
      async () => {
        await freezeDueDesigns(db, chain, account);
      },
    );
  }
}
