/**
 * The JSON documents a wallet or marketplace reads: a card's ERC-721 metadata and a collection's ERC-7572 contract
 * metadata, built from plain facts (no database here), serialised deterministically so the same facts always give
 * the same bytes and so the same CID.
 *
 * Conventions (docs/operations.md, "Content-addressed media"):
 * - Japanese first: `name` and `description` are Japanese; English sits in `localization`, shaped like ERC-1155's
 *   localization block (`default`, `locales`) but with the translations inline (`localization.en`), since a
 *   content-addressed document cannot name a URI pattern that contains itself.
 * - `image` is `ipfs://<CID>`; `attributes` are OpenSea's `trait_type`/`value` (the series first, the creator's own
 *   traits, the serial last as a number of `max_value`); `external_url` is the card's page on this site.
 * - `cid_profile` names the profile every CID was computed with (./profile.ts).
 *
 * @see https://eips.ethereum.org/EIPS/eip-721, https://eips.ethereum.org/EIPS/eip-1155#metadata (localization)
 * @see https://eips.ethereum.org/EIPS/eip-7572, https://docs.opensea.io/docs/metadata-standards
 */
import { CID_PROFILE } from './profile';

/** A text in both languages (English optional). */
export interface Bilingual {
  ja: string;
  en?: string | undefined;
}

/** What a card's metadata says. */
export interface CardFacts {
  name: Bilingual;
  description: Bilingual;
  imageCid: string;
  series: Bilingual;
  traits: readonly { type: string; value: string }[];
  serial: number;
  maxSerials: number;
  /** The card's page on this site. */
  externalUrl: string;
}

/** What a collection's contract metadata says. */
export interface CollectionFacts {
  name: Bilingual;
  description: Bilingual;
  imageCid: string | undefined;
  externalLink: string;
  /** The newest design's ERC-2981 rate and receiver (each token's own is `royaltyInfo`). */
  royalty: { bps: number; recipient: string } | undefined;
}

function localization(texts: Record<string, Bilingual>) {
  const en = Object.fromEntries(
    Object.entries(texts).flatMap(([key, text]) => (text.en ? [[key, text.en]] : [])),
  ) as Record<string, string>;
  return Object.keys(en).length > 0 ? { default: 'ja', locales: ['ja', 'en'], en } : undefined;
}

/** A card's ERC-721 metadata document. */
export function cardMetadata(card: CardFacts): Record<string, unknown> {
  const series = card.series.en
    ? { trait_type: 'Series', value: card.series.ja, value_en: card.series.en }
    : { trait_type: 'Series', value: card.series.ja };
  const document: Record<string, unknown> = {
    name: card.name.ja,
    description: card.description.ja,
    image: `ipfs://${card.imageCid}`,
    external_url: card.externalUrl,
    attributes: [
      series,
      ...card.traits.map((trait) => ({ trait_type: trait.type, value: trait.value })),
      { display_type: 'number', trait_type: 'Serial', value: card.serial, max_value: card.maxSerials },
    ],
    cid_profile: CID_PROFILE,
  };
  const translated = localization({ name: card.name, description: card.description });
  if (translated) document['localization'] = translated;
  return document;
}

/** A collection's ERC-7572 contract metadata document. */
export function collectionMetadata(collection: CollectionFacts): Record<string, unknown> {
  const document: Record<string, unknown> = {
    name: collection.name.ja,
    description: collection.description.ja,
    ...(collection.imageCid ? { image: `ipfs://${collection.imageCid}` } : {}),
    external_link: collection.externalLink,
    ...(collection.royalty
      ? { seller_fee_basis_points: collection.royalty.bps, fee_recipient: collection.royalty.recipient }
      : {}),
    cid_profile: CID_PROFILE,
  };
  const translated = localization({ name: collection.name, description: collection.description });
  if (translated) document['localization'] = translated;
  return document;
}

/** The bytes of a document: UTF-8 JSON, two-space indented, keys in the order built (deterministic). */
export function documentBytes(document: Record<string, unknown>): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`);
}

/** The page a card's metadata links to: resolved by design and serial, so it is known before the mint. */
export function cardPageUrl(site: URL, card: { chainId: number; contract: string; designId: bigint; serial: number }) {
  return new URL(`/cards/${card.chainId}/${card.contract.toLowerCase()}/${card.designId}/${card.serial}`, site).href;
}
