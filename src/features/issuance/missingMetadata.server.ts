/**
 * The metadata job's pass over one chain: every design that has no URI of its own yet (issued before content
 * addressing, or whose publication failed) gets one, built from the catalogue's cards of that design (each serial its
 * own name, description, traits and image; serials not minted yet show the design's first card), and every
 * collection without its ERC-7572 document on chain gets it. So cards issued before this change, the demo's among
 * them, end with standard metadata on chain. Idempotent: a design the chain shows a URI for is left alone.
 *
 * @see ./cardMetadata.server.ts, ../media/publishMetadata.server.ts
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { type Address, getAddress, type PrivateKeyAccount } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { recordDesignUriOnChain, recordMintedTokens } from '~/features/media/mediaRecords.server';
import { publishDesign, type SerialContent } from '~/features/media/publishMetadata.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { onContract } from '~/server/db/onChainConditions';
import { cards, categories, mediaCollections, mediaDesigns } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { type CollectionRow, type MetadataOptions, publishCollectionNow } from './cardMetadata.server';
import { oneAtATime } from './minter.server';
import { setDesignUriNow } from './minterTransactions.server';

/** Designs one pass publishes at most (each is one transaction). */
export const DESIGNS_PER_PASS = 10;

type CardRow = {
  tokenId: string;
  serial: number | null;
  name: string;
  image: string | null;
  metadata: Record<string, unknown>;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** The picture a card without an image of its own shows (as its token page does). */
export const FALLBACK_CARD_IMAGE = '/images/cards/card-01.svg';

/** A catalogue card as a serial's content (its image read through `readImage`), or null when unreadable. */
async function contentOf(card: CardRow, options: MetadataOptions): Promise<SerialContent | null> {
  const image = await options.readImage(card.image ?? FALLBACK_CARD_IMAGE);
  if (!image) return null;
  const attributes = Array.isArray(card.metadata['attributes']) ? card.metadata['attributes'] : [];
  const traits = attributes.flatMap((attribute) => {
    const { trait_type: type, value } = (attribute ?? {}) as { trait_type?: unknown; value?: unknown };
    if (typeof type !== 'string' || ['series', 'serial'].includes(type.toLowerCase())) return [];
    return typeof value === 'string' || typeof value === 'number' ? [{ type, value: String(value) }] : [];
  });
  return {
    name: { ja: card.name, en: text(card.metadata['name_en']) },
    description: { ja: text(card.metadata['description']) ?? '', en: text(card.metadata['description_en']) },
    traits,
    image,
  };
}

/** The catalogue's cards of a contract with the design and serial of each (read from the chain when unknown). */
async function cardsByDesign(db: Database, chain: Chain, contract: Address) {
  const rows = await db
    .select({
      tokenId: cards.tokenId,
      serial: cards.serial,
      name: cards.name,
      image: cards.image,
      metadata: cards.metadata,
    })
    .from(cards)
    .where(onContract(cards, chain.chainId, contract.toLowerCase()))
    .orderBy(asc(sql`${cards.tokenId}::numeric`));
  const client = publicClientFor(chain);
  const byDesign = new Map<bigint, (CardRow & { serial: number })[]>();
  for (const row of rows) {
    const tokenId = BigInt(row.tokenId);
    const known = text(row.metadata['design_id']);
    const [design, serial] = await Promise.all([
      known
        ? BigInt(known)
        : client.readContract({ address: contract, abi: cardAbi, functionName: 'designOf', args: [tokenId] }),
      row.serial ?? client.readContract({ address: contract, abi: cardAbi, functionName: 'serialOf', args: [tokenId] }),
    ]).catch(() => [undefined, undefined] as const);
    if (design === undefined || serial === undefined) continue;
    const list = byDesign.get(design) ?? [];
    list.push({ ...row, serial: Number(serial) });
    byDesign.set(design, list);
  }
  return byDesign;
}

/** Publishes one legacy design and sets its URI; false when its cards give nothing to publish. */
async function publishLegacyDesign(
  db: Database,
  options: MetadataOptions,
  chain: Chain,
  account: PrivateKeyAccount,
  collection: CollectionRow,
  design: { designId: bigint; maxSerials: number; cards: (CardRow & { serial: number })[] },
): Promise<boolean> {
  const contents = new Map<number, SerialContent>();
  for (const card of design.cards) {
    const content = await contentOf(card, options);
    if (content) contents.set(card.serial, content);
  }
  const first = contents.values().next().value;
  if (!first) return false;
  const key = { chainId: chain.chainId, contract: collection.contractAddress, designId: design.designId };
  const published = await publishDesign(db, options.target, {
    key,
    maxSerials: design.maxSerials,
    series: { ja: collection.name, en: collection.nameEn ?? undefined },
    site: options.site,
    serial: (serial) => contents.get(serial) ?? first,
  });
  const contract = getAddress(collection.contractAddress);
  await oneAtATime(chain.chainId, () =>
    setDesignUriNow(chain, account, { contract, designId: design.designId, uri: published.uri }),
  );
  await recordDesignUriOnChain(db, key, published.uri);
  await recordMintedTokens(
    db,
    key,
    design.cards.map((card) => ({ tokenId: BigInt(card.tokenId), serial: card.serial })),
  );
  return true;
}

/** What one pass did. */
export interface MissingMetadataPass {
  designs: number;
  collections: number;
  /** More designs wait (the pass stopped at {@link DESIGNS_PER_PASS}). */
  more: boolean;
}

/** One pass over `chain` (see the module comment). */
export async function publishMissingMetadata(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  options: MetadataOptions,
): Promise<MissingMetadataPass> {
  const pass: MissingMetadataPass = { designs: 0, collections: 0, more: false };
  const client = publicClientFor(chain);
  const collections = await db.select().from(categories).where(eq(categories.chainId, chain.chainId));
  for (const collection of collections) {
    const contract = getAddress(collection.contractAddress);
    const code = await client.getCode({ address: contract }).catch(() => undefined);
    if (!code || code === '0x') continue;
    const count = await client.readContract({ address: contract, abi: cardAbi, functionName: 'designCount' });
    const published = await db
      .select({ designId: mediaDesigns.designId })
      .from(mediaDesigns)
      .where(
        and(onContract(mediaDesigns, chain.chainId, collection.contractAddress), isNotNull(mediaDesigns.uriOnChain)),
      );
    const done = new Set(published.map((row) => row.designId));
    let byDesign: Awaited<ReturnType<typeof cardsByDesign>> | undefined;
    for (let designId = 1n; designId <= count; designId += 1n) {
      if (done.has(designId.toString())) continue;
      const uri = await client.readContract({
        address: contract,
        abi: cardAbi,
        functionName: 'designURI',
        args: [designId],
      });
      if (uri !== '') continue;
      if (pass.designs >= DESIGNS_PER_PASS) return { ...pass, more: true };
      byDesign ??= await cardsByDesign(db, chain, contract);
      const info = await client.readContract({
        address: contract,
        abi: cardAbi,
        functionName: 'designInfo',
        args: [designId],
      });
      const made = await publishLegacyDesign(db, options, chain, account, collection, {
        designId,
        maxSerials: Number(info.maxSerials),
        cards: byDesign.get(designId) ?? [],
      });
      if (made) pass.designs += 1;
    }
    const [own] = await db
      .select({ uriOnChain: mediaCollections.uriOnChain })
      .from(mediaCollections)
      .where(onContract(mediaCollections, chain.chainId, collection.contractAddress));
    if (!own?.uriOnChain && count > 0n) {
      await oneAtATime(chain.chainId, () => publishCollectionNow(db, options, chain, account, collection));
      pass.collections += 1;
    }
  }
  return pass;
}
