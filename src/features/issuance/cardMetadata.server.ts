/**
 * What issuing adds for the world outside Kirafuda: a new design's metadata published (its image and one
 * ERC-721 document per serial, ../media/publishMetadata.server.ts) and set on chain before any serial is minted,
 * and the collection's ERC-7572 contract metadata published and set once (again whenever it changes).
 *
 * @see ../../../contracts/Card.sol (setDesignURI, setContractURI), docs/operations.md (content-addressed media)
 */

import { type Address, getAddress, type PrivateKeyAccount } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { blockStoreFor } from '~/features/media/blocks.server';
import { recordCollectionUriOnChain } from '~/features/media/mediaRecords.server';
import type { MediaSettings } from '~/features/media/mediaSettings.server';
import { processMediaSettings } from '~/features/media/processMedia.server';
import { type PublishTarget, publishCollection, publishDesign } from '~/features/media/publishMetadata.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { database } from '~/server/db/client';
import { onContract } from '~/server/db/onChainConditions';
import { mediaCollections } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import type { PublishDesign } from './minter.server';
import { sendAsMinter } from './minterTransactions.server';
import { siteFileRoots, siteImageBytes } from './siteImages.server';

/** Where metadata goes and the site its documents link to. */
export interface MetadataOptions {
  target: PublishTarget;
  site: URL;
  /** The bytes of a stored image URL, or null (./siteImages.server.ts). */
  readImage: (url: string) => Promise<Uint8Array | null>;
}

/** The metadata options of `settings` over `db` (its block store, pinning services and site; the site's images). */
export function metadataOptionsFor(db: Database, settings: MediaSettings): MetadataOptions {
  const roots = siteFileRoots(serverSettings());
  return {
    target: { store: blockStoreFor(db, settings), services: settings.pinningServices.map((service) => service.name) },
    site: settings.gatewayOrigin,
    readImage: (url) => siteImageBytes(url, roots),
  };
}

/** The process's metadata options. */
export async function processMetadataOptions(): Promise<MetadataOptions> {
  return metadataOptionsFor(await database(), processMediaSettings());
}

/** A collection as the catalogue has it. */
export interface CollectionRow {
  id: number;
  chainId: number;
  contractAddress: string;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  image: string | null;
}

/** What one issue shows on every serial. */
export interface IssuedContent {
  name: string;
  nameEn?: string | undefined;
  description: string;
  descriptionEn?: string | undefined;
  traits?: readonly { type: string; value: string }[] | undefined;
  /** The stored image URL (`/media/cards/...`). */
  image: string;
  serials: number;
}

/** The publisher of a new design whose serials all show `content`. */
export async function newDesignPublisher(
  db: Database,
  options: MetadataOptions,
  collection: CollectionRow,
  content: IssuedContent,
): Promise<PublishDesign> {
  const image = await options.readImage(content.image);
  if (!image) throw new Error(`the card image ${content.image} could not be read`);
  const serial = {
    name: { ja: content.name, en: content.nameEn || undefined },
    description: { ja: content.description, en: content.descriptionEn || undefined },
    traits: content.traits ?? [],
    image,
  };
  return async (designId) => {
    const published = await publishDesign(db, options.target, {
      key: { chainId: collection.chainId, contract: collection.contractAddress, designId },
      maxSerials: content.serials,
      series: { ja: collection.name, en: collection.nameEn ?? undefined },
      site: options.site,
      serial: () => serial,
    });
    return published.uri;
  };
}

/** The newest design's royalty, as ERC-2981 pays it (none before the first design). */
async function newestRoyalty(chain: Chain, contract: Address) {
  const client = publicClientFor(chain);
  const designs = await client.readContract({ address: contract, abi: cardAbi, functionName: 'designCount' });
  if (designs === 0n) return undefined;
  const design = await client.readContract({
    address: contract,
    abi: cardAbi,
    functionName: 'designInfo',
    args: [designs],
  });
  return { bps: design.royaltyBps, recipient: design.creator.toLowerCase() };
}

/**
 * Publishes the collection's contract metadata and sets `contractURI` when the chain does not hold that document
 * yet; call it under the chain's minter lock. Answers the URI.
 */
export async function publishCollectionNow(
  db: Database,
  options: MetadataOptions,
  chain: Chain,
  account: PrivateKeyAccount,
  collection: CollectionRow,
): Promise<string> {
  const contract = getAddress(collection.contractAddress);
  const published = await publishCollection(db, options.target, {
    chainId: collection.chainId,
    contract: collection.contractAddress,
    name: { ja: collection.name, en: collection.nameEn ?? undefined },
    description: { ja: collection.description ?? '', en: collection.descriptionEn ?? undefined },
    externalLink: new URL(`/collection/${collection.id}`, options.site).href,
    royalty: await newestRoyalty(chain, contract),
    image: collection.image ? ((await options.readImage(collection.image)) ?? undefined) : undefined,
  });
  const [row] = await db
    .select({ uriOnChain: mediaCollections.uriOnChain })
    .from(mediaCollections)
    .where(onContract(mediaCollections, collection.chainId, collection.contractAddress.toLowerCase()));
  if (row?.uriOnChain === published.uri) return published.uri;
  const client = publicClientFor(chain);
  const onChain = await client.readContract({ address: contract, abi: cardAbi, functionName: 'contractURI' });
  if (onChain !== published.uri)
    await sendAsMinter(chain, account, (wallet) =>
      wallet.writeContract({ address: contract, abi: cardAbi, functionName: 'setContractURI', args: [published.uri] }),
    );
  await recordCollectionUriOnChain(
    db,
    { chainId: collection.chainId, contract: collection.contractAddress },
    published.uri,
  );
  return published.uri;
}
