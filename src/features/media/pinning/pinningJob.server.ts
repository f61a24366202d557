/**
 * The pinning job's pass: claims due pin requests (./pinQueue.server.ts) and, for each, asks its service to pin
 * the CID (first time, or after a `failed`) or how the pin it accepted is going, until the service says `pinned`.
 * One service's trouble never holds back another's rows: each row is handled on its own.
 *
 * @see https://ipfs.github.io/pinning-services-api-spec/
 */
import type { Database } from '~/server/db/types';
import type { MediaSettings } from '../mediaSettings.server';
import { originMultiaddr, PinningCallError, pinStatus, requestPin } from './pinningClient';
import { claimDuePins, pollDelayMs, queueMissingPins, recordPinError, recordPinReply } from './pinQueue.server';

/** What one pass did. */
export interface PinPass {
  handled: number;
  pinned: number;
  failed: number;
  /** CIDs whose status changed (their cards' pages show it). */
  changed: string[];
}

/** Queues what earlier publications left unqueued for the configured services (e.g. a service added later). */
export async function catchUpPins(db: Database, settings: Pick<MediaSettings, 'pinningServices'>): Promise<void> {
  await queueMissingPins(
    db,
    settings.pinningServices.map((service) => service.name),
  );
}

/** One pass (see the module comment). */
export async function pinDueRequests(
  db: Database,
  settings: Pick<MediaSettings, 'pinningServices' | 'gatewayOrigin'>,
  now = new Date(),
): Promise<PinPass> {
  const services = new Map(settings.pinningServices.map((service) => [service.name, service]));
  const claimed = await claimDuePins(db, [...services.keys()], now);
  const origins = [originMultiaddr(settings.gatewayOrigin)];
  const pass: PinPass = { handled: claimed.length, pinned: 0, failed: 0, changed: [] };
  await Promise.all(
    claimed.map(async (pin) => {
      const service = services.get(pin.service);
      if (!service) return;
      try {
        const reply =
          pin.requestId && pin.status !== 'failed'
            ? await pinStatus(service, pin.requestId)
            : await requestPin(service, { cid: pin.cid, name: `kirafuda ${pin.cid}`, origins });
        // Asked often at first, then less: a pin that takes an hour is asked about every few minutes.
        const waited = Math.floor(Math.max(0, now.getTime() - pin.createdAt.getTime()) / 10_000);
        await recordPinReply(db, pin, reply, now, pollDelayMs(waited));
        if (reply.status === 'pinned') pass.pinned += 1;
        if (reply.status !== pin.status) pass.changed.push(pin.cid);
      } catch (error) {
        pass.failed += 1;
        const message = error instanceof PinningCallError ? error.message : 'the call failed';
        await recordPinError(db, pin, message, now);
      }
    }),
  );
  return pass;
}
