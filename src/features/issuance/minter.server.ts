/**
 * Issuing cards (an illustrator's "Issue NFT"): the platform minter issues a design on the collection's
 * Card contract (creator = the illustrator's wallet, their royalty, the number of serials), mints every
 * serial to the illustrator's wallet, and the cards are added to the catalogue under the collection and the
 * creator, so they show on the creator's pages at once (the indexer confirms their owners from the Transfer
 * events).
 *
 * The minter key: anvil's first development account on local chains (public, local only), else
 * `MINTER_PRIVATE_KEY`; the account needs the Card contract's MINTER_ROLE. One mint at a time per chain, in
 * this process and across the processes sharing a PostgreSQL database (../../server/jobs/senderLock.server.ts),
 * so the minter's nonces do not collide.
 *
 * @see docs/product-spec.md §2 (/card_issue), §6 (illustrators)
 * @see ../../../contracts/Card.sol (issueDesign, mintSerials)
 */

import { eq } from 'drizzle-orm';
import { type Address, getAddress, type Hash, type PrivateKeyAccount, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { recordIssuedCard } from '~/features/catalogue/cardWrites.server';
import type { Chain } from '~/features/chains/chains';
import { serverChains, serverEnvironment } from '~/features/chains/config.server';
import { LOCAL_MINTER_KEY } from '~/features/chains/localDefaults';
import { classifyChainError } from '~/features/chains/publicClients.server';
import { queueRanking } from '~/features/market/rarity.server';
import { recordDesignUriOnChain, recordMintedTokens } from '~/features/media/mediaRecords.server';
import { noticeNewCard } from '~/features/social/newCardNotice.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { forbidden, HttpError, notFound, tooManyRequests, unprocessable } from '~/server/api/errors';
import { categories } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { withSenderLock } from '~/server/jobs/senderLock.server';
import { hitRateLimit } from '~/server/rateLimit.server';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';
import {
  type MetadataOptions,
  newDesignPublisher,
  processMetadataOptions,
  publishCollectionNow,
} from './cardMetadata.server';
import { minterClients, setDesignUriNow } from './minterTransactions.server';

/** The settings the minter reads. */
export type MinterSettings = Pick<Settings, 'CHAIN_ENV' | 'MINTER_PRIVATE_KEY'>;

/** The platform minter's account, or undefined when none is configured (issuing is then unavailable). */
export function minterAccount(settings: MinterSettings): PrivateKeyAccount | undefined {
  const key = settings.MINTER_PRIVATE_KEY;
  if (key) return privateKeyToAccount(key);
  return serverEnvironment(settings) === 'local' ? privateKeyToAccount(LOCAL_MINTER_KEY) : undefined;
}

/** Issues one illustrator may make per hour (each sends two transactions from the platform minter). */
export const ISSUES_PER_HOUR = 20;

/** Counts one issue of the illustrator, or throws 429 past {@link ISSUES_PER_HOUR}. */
export async function limitIssues(db: Database, illustratorId: number): Promise<void> {
  const limit = await hitRateLimit(db, `card-issue:${illustratorId}`, ISSUES_PER_HOUR, 3600);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}

/** What to mint. */
export interface MintDesignParameters {
  contract: Address;
  creator: Address;
  royaltyBps: number;
  serials: number;
}

/** What was minted. */
export interface MintedDesign {
  designId: bigint;
  tokens: { tokenId: bigint; serial: number }[];
  txHashes: Hash[];
  /** The design's metadata URI, when one was published. */
  uri?: string | undefined;
}

/**
 * Publishes a new design's metadata once its id is known and answers its `ipfs://` URI, which the minter sets on
 * chain before any serial is minted (so no token ever reads an empty URI).
 */
export type PublishDesign = (designId: bigint) => Promise<string>;

/** Runs `task` after the chain's earlier mints, in any process (the minter's nonces then never collide). */
export function oneAtATime<T>(chainId: number, task: () => Promise<T>): Promise<T> {
  return withSenderLock(`minter:${chainId}`, task);
}

async function issueDesignNow(chain: Chain, account: PrivateKeyAccount, parameters: MintDesignParameters) {
  const { wallet, mined } = minterClients(chain, account);
  const hash = await wallet.writeContract({
    address: parameters.contract,
    abi: cardAbi,
    functionName: 'issueDesign',
    args: [parameters.creator, parameters.royaltyBps, BigInt(parameters.serials)],
  });
  const receipt = await mined(hash);
  const [issued] = parseEventLogs({ abi: cardAbi, eventName: 'DesignIssued', logs: receipt.logs });
  if (!issued) throw new Error(`no DesignIssued event in ${hash}`);
  return { designId: issued.args.designId, hash, blockNumber: receipt.blockNumber };
}

async function mintSerialsNow(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: { contract: Address; designId: bigint; to: Address; count: number },
) {
  const { wallet, mined } = minterClients(chain, account);
  const hash = await wallet.writeContract({
    address: parameters.contract,
    abi: cardAbi,
    functionName: 'mintSerials',
    args: [parameters.designId, parameters.to, BigInt(parameters.count)],
  });
  const minted = parseEventLogs({ abi: cardAbi, eventName: 'SerialMinted', logs: (await mined(hash)).logs });
  return { tokens: minted.map((log) => ({ tokenId: log.args.tokenId, serial: Number(log.args.serial) })), hash };
}

/** Issues a design and publishes its metadata URI (when `publish` is given), under the chain's minter lock. */
async function issueAndPublishNow(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: MintDesignParameters,
  publish: PublishDesign | undefined,
) {
  const issued = await issueDesignNow(chain, account, parameters);
  if (!publish) return { ...issued, hashes: [issued.hash], uri: undefined };
  const uri = await publish(issued.designId);
  const set = await setDesignUriNow(chain, account, { contract: parameters.contract, designId: issued.designId, uri });
  return { ...issued, hashes: [issued.hash, set], uri };
}

/**
 * Issues a design, publishes its metadata (`publish`) and mints all its serials to the creator; resolves once every
 * transaction is mined.
 */
export function mintDesign(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: MintDesignParameters,
  publish?: PublishDesign,
) {
  return oneAtATime(chain.chainId, async (): Promise<MintedDesign> => {
    const issued = await issueAndPublishNow(chain, account, parameters, publish);
    const minted = await mintSerialsNow(chain, account, {
      contract: parameters.contract,
      designId: issued.designId,
      to: parameters.creator,
      count: parameters.serials,
    });
    return {
      designId: issued.designId,
      tokens: minted.tokens,
      txHashes: [...issued.hashes, minted.hash],
      uri: issued.uri,
    };
  });
}

/**
 * Issues a design with no serial minted yet (a drop mints them one by one as they are bought), its metadata
 * published first when `publish` is given.
 */
export function issueDesign(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: MintDesignParameters,
  publish?: PublishDesign,
) {
  return oneAtATime(chain.chainId, () => issueAndPublishNow(chain, account, parameters, publish));
}

/** Mints the design's next serial to `to`; resolves with the token and the transaction once mined. */
export function mintNextSerial(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: { contract: Address; designId: bigint; to: Address },
) {
  return oneAtATime(chain.chainId, async () => {
    const minted = await mintSerialsNow(chain, account, { ...parameters, count: 1 });
    const [token] = minted.tokens;
    if (!token) throw new Error(`no SerialMinted event in ${minted.hash}`);
    return { ...token, hash: minted.hash };
  });
}

/** A minted card as the catalogue keeps it. */
export interface MintedCard {
  chainId: number;
  category: { id: number; contractAddress: string; name: string; nameEn: string | null };
  creatorId: number;
  owner: string;
  name: string;
  description: string;
  /** The English name and description, when given (metadata `name_en`, `description_en`). */
  nameEn?: string | undefined;
  descriptionEn?: string | undefined;
  /** The creator's own traits (metadata `attributes`, between the series and the serial). */
  traits?: readonly { type: string; value: string }[] | undefined;
  image: string;
  designId: bigint;
  serials: number;
  token: { tokenId: bigint; serial: number };
  at: Date;
}

/** Adds (or completes) a minted card in the catalogue; resolves with its id. */
export async function saveMintedCard(db: Database | Transaction, card: MintedCard): Promise<number> {
  const row = {
    chainId: card.chainId,
    contractAddress: card.category.contractAddress,
    tokenId: card.token.tokenId.toString(),
    serial: card.token.serial,
    ownerAddress: card.owner.toLowerCase(),
    name: card.name,
    image: card.image,
    categoryId: card.category.id,
    creatorId: card.creatorId,
    mintedAt: card.at,
    mintedTo: card.owner.toLowerCase(),
    metadata: {
      name: card.name,
      ...(card.nameEn ? { name_en: card.nameEn } : {}),
      description: card.description,
      ...(card.descriptionEn ? { description_en: card.descriptionEn } : {}),
      image: card.image,
      serial: card.token.serial,
      design_id: card.designId.toString(),
      attributes: [
        {
          trait_type: 'Series',
          value: card.category.nameEn ?? card.category.name,
          ...(card.category.nameEn ? { value_ja: card.category.name } : {}),
        },
        ...(card.traits ?? []).map((trait) => ({ trait_type: trait.type, value: trait.value })),
        { display_type: 'number', trait_type: 'Serial', value: card.token.serial, max_value: card.serials },
      ],
    },
  };
  // The indexer may have added the token from its Transfer event already: fill in what it could not know.
  const id = await recordIssuedCard(db, row);
  const design = { chainId: card.chainId, contract: card.category.contractAddress, designId: card.designId };
  await recordMintedTokens(db, design, [card.token]);
  await noticeNewCard(db, {
    id,
    chainId: card.chainId,
    contractAddress: card.category.contractAddress,
    designId: card.designId,
    creatorId: card.creatorId,
    categoryId: card.category.id,
  });
  return id;
}

/** What the illustrator asked for (the image already stored). */
export interface IssueRequest {
  name: string;
  nameEn?: string | undefined;
  description: string;
  descriptionEn?: string | undefined;
  traits?: readonly { type: string; value: string }[] | undefined;
  serials: number;
  categoryId: number;
  royaltyBps: number;
  /** `/media/cards/...` URL of the stored image. */
  image: string;
}

/** The issued cards. */
export interface IssueResult {
  chainId: number;
  contractAddress: string;
  designId: string;
  cards: { tokenId: string; serial: number }[];
  txHashes: string[];
}

/** Options of {@link issueCards} (tests pass their own chains, settings and metadata store). */
export interface IssueOptions {
  chains?: readonly Chain[];
  /** Default: the server's settings. */
  settings?: MinterSettings;
  metadata?: MetadataOptions;
}

/**
 * Issues the cards of `request` for the illustrator and adds them to the catalogue.
 * @throws HttpError 403 (not their collection), 404 (no such collection), 422 (collection on an
 *   unconfigured chain), 502 (the chain did not answer), 503 (no minter configured)
 */
export async function issueCards(
  db: Database,
  illustrator: { illustratorId: number; walletAddress: string },
  request: IssueRequest,
  options: IssueOptions = {},
): Promise<IssueResult> {
  const [category] = await db.select().from(categories).where(eq(categories.id, request.categoryId));
  if (!category) throw notFound('No such collection');
  if (category.creatorId !== illustrator.illustratorId) throw forbidden('This collection is not yours');
  const chain = (options.chains ?? serverChains()).find((candidate) => candidate.chainId === category.chainId);
  if (!chain) throw unprocessable(`The collection is on chain ${category.chainId}, which this site does not run`);
  const account = minterAccount(options.settings ?? serverSettings());
  if (!account) throw new HttpError(503, 'Issuing is not available: no minter is configured');
  const creator = getAddress(illustrator.walletAddress);
  const metadata = options.metadata ?? (await processMetadataOptions());
  const publish = await newDesignPublisher(db, metadata, category, request);
  let minted: MintedDesign;
  try {
    minted = await mintDesign(
      chain,
      account,
      {
        contract: getAddress(category.contractAddress),
        creator,
        royaltyBps: request.royaltyBps,
        serials: request.serials,
      },
      publish,
    );
  } catch (error) {
    const kind = classifyChainError(error);
    if (kind === 'unreachable' || kind === 'rpc-error') throw new HttpError(502, `${chain.chainName} is not answering`);
    if (kind === 'reverted' || kind === 'no-data') throw unprocessable('The collection contract refused to mint');
    throw error;
  }
  const owner = illustrator.walletAddress.toLowerCase();
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const token of minted.tokens) {
      await saveMintedCard(tx, {
        chainId: chain.chainId,
        category,
        creatorId: illustrator.illustratorId,
        owner,
        name: request.name,
        nameEn: request.nameEn,
        description: request.description,
        descriptionEn: request.descriptionEn,
        traits: request.traits,
        image: request.image,
        designId: minted.designId,
        serials: request.serials,
        token,
        at: now,
      });
    }
    if (minted.uri) {
      const key = { chainId: chain.chainId, contract: category.contractAddress, designId: minted.designId };
      await recordDesignUriOnChain(tx, key, minted.uri);
    }
    // New cards change every card's rarity in the collection: the ranking job ranks it again.
    await queueRanking(tx, category.id);
  });
  // The collection's own metadata names the newest royalty; the metadata job retries what fails here.
  await oneAtATime(chain.chainId, () => publishCollectionNow(db, metadata, chain, account, category)).catch(
    (error: unknown) => console.error('[issue] publishing the collection metadata failed:', error),
  );
  return {
    chainId: chain.chainId,
    contractAddress: category.contractAddress,
    designId: minted.designId.toString(),
    cards: minted.tokens.map((token) => ({ tokenId: token.tokenId.toString(), serial: token.serial })),
    txHashes: minted.txHashes,
  };
}
