/**
 * This process's media settings (read once, on first use) and block store, for the routes that serve blocks
 * (`/ipfs`, the exit kit) and the issue path. Jobs get theirs from the server's start, which reads the same
 * settings first so a bad value stops the start.
 */
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';
import type { BlockStore } from './blockStore';
import { blockStoreFor } from './blocks.server';
import { type MediaSettings, mediaSettings } from './mediaSettings.server';

let settings: MediaSettings | undefined;

/** The process's media settings. */
export function processMediaSettings(): MediaSettings {
  settings ??= mediaSettings(serverSettings());
  return settings;
}

/** The process's block store. */
export async function processBlockStore(): Promise<BlockStore> {
  return blockStoreFor(await database(), processMediaSettings());
}
