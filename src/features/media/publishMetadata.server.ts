/**
 * Publishing a card design's metadata and a collection's: images and JSON documents become UnixFS blocks
 * (./addContent.ts) stored in the media store, recorded (./mediaRecords.server.ts) and queued for every configured
 * pinning service (./pinning/pinQueue.server.ts). Answers the `ipfs://` URI the chain is then given: a design's is
 * the directory of its serials' documents (`ipfs://<dir>`, tokenURI adds `/{serial}`), a collection's one document.
 * Publishing the same facts again gives the same CIDs and stores nothing new.
 *
 * @see ./metadataDocuments.ts (the documents), ../../../contracts/Card.sol (setDesignURI, setContractURI)
 */
import type { CID } from 'multiformats/cid';
import type { Database, Transaction } from '~/server/db/types';
import { addDirectory, addFile } from './addContent';
import type { Block, BlockStore } from './blockStore';
import { type DesignKey, recordCollection, recordDesign } from './mediaRecords.server';
import {
  type Bilingual,
  type CollectionFacts,
  cardMetadata,
  cardPageUrl,
  collectionMetadata,
  documentBytes,
} from './metadataDocuments';
import { queuePins } from './pinning/pinQueue.server';

type Db = Database | Transaction;

/** What one serial shows. */
export interface SerialContent {
  name: Bilingual;
  description: Bilingual;
  traits: readonly { type: string; value: string }[];
  /** The image's bytes (serials sharing one image may share one array). */
  image: Uint8Array;
}

/** A design to publish. */
export interface DesignToPublish {
  key: DesignKey;
  maxSerials: number;
  series: Bilingual;
  /** This site's origin (each document's `external_url`). */
  site: URL;
  /** The content of serial 1..maxSerials. */
  serial: (serial: number) => SerialContent;
}

/** Where publications go. */
export interface PublishTarget {
  store: BlockStore;
  /** Names of the configured pinning services. */
  services: readonly string[];
}

/** A published design. */
export interface PublishedDesign {
  uri: string;
  metadataCid: string;
  imageCids: string[];
}

/** The CIDs of images, each distinct array imported once. */
function imageImporter(blocks: Block[]) {
  const done = new Map<Uint8Array, CID>();
  return async (bytes: Uint8Array) => {
    const known = done.get(bytes);
    if (known) return known;
    const added = await addFile(bytes);
    blocks.push(...added.blocks);
    done.set(bytes, added.cid);
    return added.cid;
  };
}

/** Publishes a design's directory of serial documents (see the module comment). */
export async function publishDesign(db: Db, target: PublishTarget, design: DesignToPublish): Promise<PublishedDesign> {
  const blocks: Block[] = [];
  const imageCid = imageImporter(blocks);
  const documents = new Map<string, Uint8Array>();
  const images: string[] = [];
  for (let serial = 1; serial <= design.maxSerials; serial += 1) {
    const content = design.serial(serial);
    const image = (await imageCid(content.image)).toString();
    images.push(image);
    const document = cardMetadata({
      name: content.name,
      description: content.description,
      imageCid: image,
      series: design.series,
      traits: content.traits,
      serial,
      maxSerials: design.maxSerials,
      externalUrl: cardPageUrl(design.site, { ...design.key, serial }),
    });
    documents.set(String(serial), documentBytes(document));
  }
  const directory = await addDirectory(documents);
  blocks.push(...directory.blocks);
  await target.store.put(blocks);
  const files = Object.fromEntries(
    images.map((image, i) => [String(i + 1), [directory.files.get(String(i + 1))?.toString() ?? '', image]]),
  ) as Record<string, [string, string]>;
  const metadataCid = directory.cid.toString();
  const imageCids = [...new Set(images)];
  await recordDesign(db, design.key, { metadataCid, imageCids, files });
  await queuePins(db, [metadataCid, ...imageCids], target.services);
  return { uri: `ipfs://${metadataCid}`, metadataCid, imageCids };
}

/** A collection to publish (ERC-7572), with its image's bytes when it has one. */
export interface CollectionToPublish extends Omit<CollectionFacts, 'imageCid'> {
  chainId: number;
  contract: string;
  image: Uint8Array | undefined;
}

/** Publishes a collection's contract metadata; answers its URI and CID. */
export async function publishCollection(db: Db, target: PublishTarget, collection: CollectionToPublish) {
  const blocks: Block[] = [];
  const imageCid = collection.image ? (await imageImporter(blocks)(collection.image)).toString() : undefined;
  const document = await addFile(documentBytes(collectionMetadata({ ...collection, imageCid })));
  blocks.push(...document.blocks);
  await target.store.put(blocks);
  const cid = document.cid.toString();
  await recordCollection(db, { chainId: collection.chainId, contract: collection.contract, cid, imageCid });
  await queuePins(db, imageCid ? [cid, imageCid] : [cid], target.services);
  return { uri: `ipfs://${cid}`, cid };
}
