/**
 * Metadata options for tests that issue cards outside a server: blocks in the test's own database, no pinning
 * service, a site origin on loopback, and one small PNG for every image URL (tests store no real uploads).
 */
import sharp from 'sharp';
import type { MetadataOptions } from '../../src/features/issuance/cardMetadata.server';
import { databaseBlocks } from '../../src/features/media/databaseBlocks.server';
import type { Database } from '../../src/server/db/types';

/** A 16x16 PNG of one colour. */
export function tinyPng(colour = { r: 200, g: 40, b: 90 }): Promise<Uint8Array> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
}

/** The options (see the module comment). */
export async function testMetadataOptions(db: Database, services: readonly string[] = []): Promise<MetadataOptions> {
  const image = await tinyPng();
  return {
    target: { store: databaseBlocks(db), services },
    site: new URL('http://127.0.0.1:4321'),
    readImage: async () => image,
  };
}
