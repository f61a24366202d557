/**
 * The exit kit of a collection, for anyone to download: a manifest (chain, contract and, for each card, its token
 * id, design, serial, metadata URI and CID, image CID, whether frozen) and a CARv1 holding every block of the
 * collection's images and metadata (each design's directory, each image, the collection's own document), so that
 * importing the CAR into an empty blockstore reproduces every CID the manifest names, with no Kirafuda server left.
 *
 * @see https://ipld.io/specs/transport/car/carv1/, ../gateway/carStream.ts
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CID } from 'multiformats/cid';
import { notFound } from '~/server/api/errors';
import { onContract } from '~/server/db/onChainConditions';
import { categories, mediaCollections, mediaDesigns, mediaTokens } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { Block, BlockStore } from '../blockStore';
import { carStream } from '../gateway/carStream';
import { walkDag } from '../gateway/walkDag';
import { CID_PROFILE } from '../profile';
import { tokenDesign } from '../tokenDesign';

/** Blocks one archive carries at most. */
export const MAX_ARCHIVE_BLOCKS = 200_000;

/** A visible collection's chain and contract; 404 when unknown or hidden. */
export async function archivedCollection(db: Database, id: number) {
  const [row] = await db
    .select({ id: categories.id, chainId: categories.chainId, contract: categories.contractAddress })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.hidden, false)));
  if (!row) throw notFound('No such collection');
  return row;
}

type Collection = Awaited<ReturnType<typeof archivedCollection>>;

/**
 * The headers of a download of `collection`'s exit kit (`kirafuda-collection-{id}.{extension}`): cached a
 * minute, readable from any origin.
 */
export function archiveDownloadHeaders(collection: Collection, extension: string, contentType: string) {
  return {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="kirafuda-collection-${collection.id}.${extension}"`,
    'Cache-Control': 'public, max-age=60',
    'Access-Control-Allow-Origin': '*',
  };
}

/** The manifest of `collection` (see the module comment). */
export async function collectionManifest(db: Database, collection: Collection) {
  const where = (table: typeof mediaTokens | typeof mediaDesigns | typeof mediaCollections) =>
    onContract(table, collection.chainId, collection.contract);
  const [own] = await db.select().from(mediaCollections).where(where(mediaCollections));
  const tokens = await db
    .select({
      tokenId: mediaTokens.tokenId,
      designId: mediaTokens.designId,
      serial: mediaTokens.serial,
      metadataCid: mediaTokens.metadataCid,
      imageCid: mediaTokens.imageCid,
      directory: mediaDesigns.metadataCid,
      frozenAt: mediaDesigns.frozenAt,
    })
    .from(mediaTokens)
    .innerJoin(mediaDesigns, tokenDesign())
    .where(where(mediaTokens))
    .orderBy(asc(sql`${mediaTokens.tokenId}::numeric`));
  return {
    chainId: collection.chainId,
    contract: collection.contract,
    cidProfile: CID_PROFILE,
    contractUri: own ? `ipfs://${own.cid}` : null,
    contractMetadataCid: own?.cid ?? null,
    cards: tokens.map((token) => ({
      chainId: collection.chainId,
      contract: collection.contract,
      tokenId: token.tokenId,
      designId: token.designId,
      serial: token.serial,
      tokenUri: `ipfs://${token.directory}/${token.serial}`,
      metadataCid: token.metadataCid,
      imageCid: token.imageCid,
      frozen: token.frozenAt !== null,
    })),
  };
}

/** The roots of the collection's archive: its document, each design's directory, each image. */
export async function archiveRoots(db: Database, collection: Collection): Promise<CID[]> {
  const [own] = await db
    .select()
    .from(mediaCollections)
    .where(onContract(mediaCollections, collection.chainId, collection.contract));
  const designs = await db
    .select({ metadataCid: mediaDesigns.metadataCid, imageCids: mediaDesigns.imageCids })
    .from(mediaDesigns)
    .where(onContract(mediaDesigns, collection.chainId, collection.contract))
    .orderBy(asc(sql`${mediaDesigns.designId}::numeric`));
  const texts = [
    ...(own ? [own.cid, ...(own.imageCid ? [own.imageCid] : [])] : []),
    ...designs.flatMap((design) => [design.metadataCid, ...design.imageCids]),
  ];
  return [...new Set(texts)].map((text) => CID.parse(text));
}

/** The CAR of the collection's blocks, streamed. */
export function collectionCar(store: BlockStore, roots: CID[]): ReadableStream<Uint8Array> {
  const seen = new Set<string>();
  async function* blocks(): AsyncGenerator<Block> {
    for (const root of roots) yield* walkDag(store, root, { maxBlocks: MAX_ARCHIVE_BLOCKS, seen });
  }
  return carStream(roots, blocks());
}
