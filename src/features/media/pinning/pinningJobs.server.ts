/**
 * The pinning job on the process's runner, in every server process (each due request is claimed by one of them):
 * once at start, the CIDs published before a service was configured are queued for it; then due requests are sent
 * or asked about every few seconds. Without configured services nothing runs.
 */
import type { Change } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { cardsOfCids } from '../cardStorage.server';
import type { MediaSettings } from '../mediaSettings.server';
import { catchUpPins, pinDueRequests } from './pinningJob.server';

/** The job's name, for `wake` (publishing wakes it). */
export const PINNING_JOB = 'pinning to outside services';
/** How often due pin requests are looked for, in ms. */
export const PINNING_EVERY_MS = 2_000;

/** Registers the job (see the module comment). */
export function registerPinningJobs(runner: JobRunner<Change>, db: Database, settings: MediaSettings): void {
  if (settings.pinningServices.length === 0) return;
  let caughtUp = false;
  runner.every(PINNING_JOB, { pollMs: PINNING_EVERY_MS, maxBackoffMs: 60_000 }, async () => {
    if (!caughtUp) {
      await catchUpPins(db, settings);
      caughtUp = true;
    }
    const pass = await pinDueRequests(db, settings);
    // The token pages of those cards show each service's status.
    const change = pass.changed.length > 0 ? { cards: await cardsOfCids(db, [...new Set(pass.changed)]) } : undefined;
    // A full batch: there may be more waiting.
    return { ...(change ? { change } : {}), ...(pass.handled >= 20 ? { nextInMs: 0 } : {}) };
  });
}
