/**
 * The process's block store: the bucket of `MEDIA_S3_URL` when set, else the database. Made once per settings and
 * database, so every request and job of a process shares it.
 */
import type { Database } from '~/server/db/types';
import type { BlockStore } from './blockStore';
import { databaseBlocks } from './databaseBlocks.server';
import type { MediaSettings } from './mediaSettings.server';
import { s3Blocks } from './s3Blocks.server';

const made = new WeakMap<object, BlockStore>();

/** The block store of `settings` over `db` (see the module comment). */
export function blockStoreFor(db: Database, settings: Pick<MediaSettings, 's3'>): BlockStore {
  const bucket = settings.s3;
  if (bucket) {
    let store = made.get(bucket);
    if (!store) {
      store = s3Blocks(bucket);
      made.set(bucket, store);
    }
    return store;
  }
  let store = made.get(db);
  if (!store) {
    store = databaseBlocks(db);
    made.set(db, store);
  }
  return store;
}
