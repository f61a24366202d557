/**
 * The one writer of what designs and collections published (tables `media_designs`, `media_tokens`,
 * `media_collections`): the publication itself (issuing, the metadata job), the tokens that read it (after a mint),
 * and what the chain showed (the indexer: `DesignURIChanged`, `DesignURIFrozen`).
 *
 * @see ../../server/db/schema/media.ts
 */
import { and, eq, sql } from 'drizzle-orm';
import { mediaCollections, mediaDesigns, mediaTokens } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

type Db = Database | Transaction;

/** A design by its contract. */
export interface DesignKey {
  chainId: number;
  contract: string;
  designId: bigint;
}

const designWhere = (key: DesignKey) =>
  and(
    eq(mediaDesigns.chainId, key.chainId),
    eq(mediaDesigns.contractAddress, key.contract.toLowerCase()),
    eq(mediaDesigns.designId, key.designId.toString()),
  );

/** Records a design's published directory and images (replacing an earlier, unfrozen publication). */
export async function recordDesign(db: Db, key: DesignKey, published: { metadataCid: string; imageCids: string[] }) {
  await db
    .insert(mediaDesigns)
    .values({
      chainId: key.chainId,
      contractAddress: key.contract.toLowerCase(),
      designId: key.designId.toString(),
      metadataCid: published.metadataCid,
      imageCids: published.imageCids,
    })
    .onConflictDoUpdate({
      target: [mediaDesigns.chainId, mediaDesigns.contractAddress, mediaDesigns.designId],
      set: { metadataCid: published.metadataCid, imageCids: published.imageCids },
      setWhere: sql`${mediaDesigns.frozenAt} is null`,
    });
}

/** One token reading its design's document. */
export interface TokenDocument {
  tokenId: bigint;
  serial: number;
  metadataCid: string;
  imageCid: string;
}

/** Records which document each minted token reads. */
export async function recordTokens(db: Db, key: DesignKey, tokens: readonly TokenDocument[]) {
  if (tokens.length === 0) return;
  await db
    .insert(mediaTokens)
    .values(
      tokens.map((token) => ({
        chainId: key.chainId,
        contractAddress: key.contract.toLowerCase(),
        tokenId: token.tokenId.toString(),
        designId: key.designId.toString(),
        serial: token.serial,
        metadataCid: token.metadataCid,
        imageCid: token.imageCid,
      })),
    )
    .onConflictDoUpdate({
      target: [mediaTokens.chainId, mediaTokens.contractAddress, mediaTokens.tokenId],
      set: { metadataCid: sql`excluded.metadata_cid`, imageCid: sql`excluded.image_cid` },
    });
}

/** The chain now holds `uri` for the design (`DesignURIChanged`, or the publishing transaction mined). */
export async function recordDesignUriOnChain(db: Db, key: DesignKey, uri: string) {
  await db.update(mediaDesigns).set({ uriOnChain: uri }).where(designWhere(key));
}

/** The chain froze the design's URI (`DesignURIFrozen`); the first time counts. */
export async function recordDesignFrozen(db: Db, key: DesignKey, uri: string, at: Date) {
  await db
    .update(mediaDesigns)
    .set({ frozenAt: at, uriOnChain: uri })
    .where(and(designWhere(key), sql`${mediaDesigns.frozenAt} is null`));
}

/** Records a collection's contract metadata (`onChain`: the chain holds its URI). */
export async function recordCollection(
  db: Db,
  collection: { chainId: number; contract: string; cid: string; imageCid: string | undefined; onChain: boolean },
) {
  const values = {
    cid: collection.cid,
    imageCid: collection.imageCid ?? null,
    uriOnChain: collection.onChain ? `ipfs://${collection.cid}` : null,
  };
  await db
    .insert(mediaCollections)
    .values({ chainId: collection.chainId, contractAddress: collection.contract.toLowerCase(), ...values })
    .onConflictDoUpdate({ target: [mediaCollections.chainId, mediaCollections.contractAddress], set: values });
}
