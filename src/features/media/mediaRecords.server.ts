/**
 * The one writer of what designs and collections published (tables `media_designs`, `media_tokens`,
 * `media_collections`): the publication itself (issuing, the metadata job), the tokens that read it (after a mint),
 * and what the chain showed (the indexer: `DesignURIChanged`, `DesignURIFrozen`).
 *
 * @see ../../server/db/schema/media.ts
 */
import { and, eq, sql } from 'drizzle-orm';
import { onContract } from '~/server/db/onChainConditions';
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
    onContract(mediaDesigns, key.chainId, key.contract.toLowerCase()),
    eq(mediaDesigns.designId, key.designId.toString()),
  );

/** What a design published: its directory, its images, and each serial's document and image. */
export interface DesignFiles {
  metadataCid: string;
  imageCids: string[];
  files: Record<string, [string, string]>;
}

/** Records a design's published directory and images (replacing an earlier, unfrozen publication). */
export async function recordDesign(db: Db, key: DesignKey, published: DesignFiles) {
  const values = { metadataCid: published.metadataCid, imageCids: published.imageCids, files: published.files };
  await db
    .insert(mediaDesigns)
    .values({
      chainId: key.chainId,
      contractAddress: key.contract.toLowerCase(),
      designId: key.designId.toString(),
      ...values,
    })
    .onConflictDoUpdate({
      target: [mediaDesigns.chainId, mediaDesigns.contractAddress, mediaDesigns.designId],
      set: values,
      setWhere: sql`${mediaDesigns.frozenAt} is null`,
    });
}

/**
 * Records which document each minted token reads, from its design's published files; nothing for a design that
 * published none (issued before content addressing, until the metadata job publishes it).
 */
export async function recordMintedTokens(
  db: Db,
  key: DesignKey,
  tokens: readonly { tokenId: bigint; serial: number }[],
) {
  const [design] = await db.select({ files: mediaDesigns.files }).from(mediaDesigns).where(designWhere(key));
  const rows = tokens.flatMap((token) => {
    const file = design?.files[String(token.serial)];
    if (!file) return [];
    return [
      {
        chainId: key.chainId,
        contractAddress: key.contract.toLowerCase(),
        tokenId: token.tokenId.toString(),
        designId: key.designId.toString(),
        serial: token.serial,
        metadataCid: file[0],
        imageCid: file[1],
      },
    ];
  });
  if (rows.length === 0) return;
  await db
    .insert(mediaTokens)
    .values(rows)
    .onConflictDoUpdate({
      target: [mediaTokens.chainId, mediaTokens.contractAddress, mediaTokens.tokenId],
      set: { metadataCid: sql`excluded.metadata_cid`, imageCid: sql`excluded.image_cid` },
    });
}

/** The chain now holds `uri` for the design (`DesignURIChanged`, or the publishing transaction mined). */
export async function recordDesignUriOnChain(db: Db, key: DesignKey, uri: string) {
  await db.update(mediaDesigns).set({ uriOnChain: uri }).where(designWhere(key));
}

/** The chain froze the design's URI (`DesignURIFrozen`, in `block` when the indexer saw it); the first time counts. */
export async function recordDesignFrozen(db: Db, key: DesignKey, uri: string, at: Date, block?: bigint) {
  await db
    .update(mediaDesigns)
    .set({ frozenAt: at, uriOnChain: uri, frozenBlock: block === undefined ? null : Number(block) })
    .where(and(designWhere(key), sql`${mediaDesigns.frozenAt} is null`));
}

/** A reorganisation threw away the blocks after `lastKept`: the freezes seen in them are undone until seen again. */
export async function forgetFreezesAfter(db: Db, chainId: number, lastKept: number) {
  await db
    .update(mediaDesigns)
    .set({ frozenAt: null, frozenBlock: null })
    .where(and(eq(mediaDesigns.chainId, chainId), sql`${mediaDesigns.frozenBlock} > ${lastKept}`));
}

/** Records a collection's contract metadata (the chain's URI is kept while the CID stays the same). */
export async function recordCollection(
  db: Db,
  collection: { chainId: number; contract: string; cid: string; imageCid: string | undefined },
) {
  const values = { cid: collection.cid, imageCid: collection.imageCid ?? null };
  await db
    .insert(mediaCollections)
    .values({ chainId: collection.chainId, contractAddress: collection.contract.toLowerCase(), ...values })
    .onConflictDoUpdate({
      target: [mediaCollections.chainId, mediaCollections.contractAddress],
      set: {
        ...values,
        uriOnChain: sql`case when ${mediaCollections.cid} = excluded.cid then ${mediaCollections.uriOnChain} end`,
      },
    });
}

/** The chain now holds `uri` as the collection's contractURI. */
export async function recordCollectionUriOnChain(
  db: Db,
  collection: { chainId: number; contract: string },
  uri: string,
) {
  await db
    .update(mediaCollections)
    .set({ uriOnChain: uri })
    .where(onContract(mediaCollections, collection.chainId, collection.contract.toLowerCase()));
}
