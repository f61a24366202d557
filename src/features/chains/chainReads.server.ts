/**
 * ERC-721 reads the API answers from the chain itself (owner, balance, approval, enumeration, Transfer
 * history), each kept a few seconds per process, with failures turned into clear HTTP answers: 502 when
 * the chain's RPC does not answer, 404/422 when the contract refuses, never 500.
 *
 * @see docs/product-spec.md §3 "Transfer event", "Contract interfaces"; §7
 * @see https://eips.ethereum.org/EIPS/eip-721
 */
import { type Address, type Hex, parseAbi, parseAbiItem } from 'viem';
import { z } from 'zod';
import { addressSchema } from '~/lib/addresses';
import { badGateway, type HttpError, notFound, unprocessable } from '~/server/api/errors';
import type { Chain } from './chains';
import { chainIdParam } from './params';
import { classifyChainError, publicClientFor, ReadCache } from './publicClients.server';

/** The ERC-721 (and Enumerable extension) view functions the API reads. */
export const erc721ReadAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
]);

/** ERC-721 `Transfer`; all three arguments are indexed (ERC-20's has two, so its logs never match). */
export const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);

/** Most token ids listed by {@link readTokensOfOwner} (one `tokenOfOwnerByIndex` call each). */
export const MAX_LISTED_TOKENS = 100;

const UINT256_MAX = 2n ** 256n - 1n;

/** Query parameters shared by the chain read endpoints; addresses come out lower-case. */
export const chainReadParams = {
  address: addressSchema,
  uint256: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a decimal integer')
    .transform((value) => BigInt(value))
    .refine((value) => value <= UINT256_MAX, 'must fit in uint256'),
  chainId: chainIdParam.optional(),
};

/**
 * The chain an API call names: the one with `chainId` when given (422 if it is not configured, rather
 * than silently using another chain), else the visitor's current chain (`locals.chain`, resolved once by
 * the middleware).
 */
export function chainFromParam(chains: readonly Chain[], chainId: number | undefined, current: Chain): Chain {
  return chainId === undefined ? current : configuredChain(chains, chainId);
}

/** The configured chain with `chainId`; 422 naming the configured ids when there is none. */
export function configuredChain(chains: readonly Chain[], chainId: number): Chain {
  const chain = chains.find((c) => c.chainId === chainId);
  if (chain === undefined) {
    throw unprocessable(`chain_id: ${chainId} is not one of ${chains.map((c) => c.chainId).join(', ')}`);
  }
  return chain;
}

/** The latest block of `chain` (cached with the other reads). */
export function readHead(chain: Chain): Promise<bigint> {
  const refusal = { reverted: () => unprocessable('blockNumber cannot revert'), what: 'eth_blockNumber' };
  return read(chain, chain.contracts.exchange, 'head', refusal, () => publicClientFor(chain).getBlockNumber());
}

/** The cache of every chain read of this process (10 s). */
export const chainReadCache = new ReadCache();

/** What a revert or a silent address means for one read. */
interface Refusal {
  reverted: () => HttpError;
  what: string;
}

/** Turns a failed chain call into the HTTP answer; rethrows what it does not recognise (a bug). */
function chainFailure(error: unknown, chain: Chain, contract: Address, refusal: Refusal): never {
  switch (classifyChainError(error)) {
    case 'reverted':
      throw refusal.reverted();
    case 'no-data':
      throw unprocessable(`${contract} on ${chain.chainName} does not answer ${refusal.what}`);
    case 'unreachable':
      throw badGateway(`The ${chain.chainName} RPC did not answer`);
    case 'rpc-error':
      throw badGateway(`The ${chain.chainName} RPC refused the request`);
    default:
      throw error;
  }
}

async function read<T>(
  chain: Chain,
  contract: Address,
  key: string,
  refusal: Refusal,
  load: () => Promise<T>,
): Promise<T> {
  return chainReadCache.get(`${chain.chainId}:${chain.rpcUrls.join(' ')}:${contract}:${key}`, async () => {
    try {
      return await load();
    } catch (error) {
      chainFailure(error, chain, contract, refusal);
    }
  });
}

/** Addresses are answered lower-case, the form the database stores and compares. */
const lower = (address: Address) => address.toLowerCase() as Address;

const noToken = (contract: Address, tokenId: bigint) => () =>
  notFound(`Token ${tokenId} of ${contract} does not exist`);

/** An ERC-721 read of one token that answers an address (lower-case): 404 when the token does not exist. */
function readTokenAddress(
  chain: Chain,
  contract: Address,
  tokenId: bigint,
  functionName: 'ownerOf' | 'getApproved',
): Promise<Address> {
  const refusal = { reverted: noToken(contract, tokenId), what: `${functionName} (is it an ERC-721 contract?)` };
  return read(chain, contract, `${functionName}:${tokenId}`, refusal, async () =>
    lower(
      await publicClientFor(chain).readContract({
        address: contract,
        abi: erc721ReadAbi,
        functionName,
        args: [tokenId],
      }),
    ),
  );
}

/** ERC-721 `ownerOf` (lower-case): 404 when the token does not exist. */
export function readOwnerOf(chain: Chain, contract: Address, tokenId: bigint): Promise<Address> {
  return readTokenAddress(chain, contract, tokenId, 'ownerOf');
}

/** ERC-721 `getApproved` (lower-case; the zero address when none): 404 when the token does not exist. */
export function readApproved(chain: Chain, contract: Address, tokenId: bigint): Promise<Address> {
  return readTokenAddress(chain, contract, tokenId, 'getApproved');
}

/** ERC-721 `balanceOf`: how many tokens of the contract the owner holds. */
export function readBalanceOf(chain: Chain, contract: Address, owner: Address): Promise<bigint> {
  const refusal = {
    reverted: () => unprocessable(`${contract} refused balanceOf(${owner})`),
    what: 'balanceOf (is it an ERC-721 contract?)',
  };
  return read(chain, contract, `balanceOf:${owner}`, refusal, () =>
    publicClientFor(chain).readContract({
      address: contract,
      abi: erc721ReadAbi,
      functionName: 'balanceOf',
      args: [owner],
    }),
  );
}

const enumerable = 'tokenOfOwnerByIndex (is it ERC-721 Enumerable?)';

/** ERC-721 Enumerable `tokenOfOwnerByIndex`: 404 when the owner has no token at that index. */
export function readTokenOfOwnerByIndex(
  chain: Chain,
  contract: Address,
  owner: Address,
  index: bigint,
): Promise<bigint> {
  const refusal = {
    reverted: () => notFound(`${owner} has no token at index ${index} of ${contract}`),
    what: enumerable,
  };
  return read(chain, contract, `tokenOfOwnerByIndex:${owner}:${index}`, refusal, () =>
    publicClientFor(chain).readContract({
      address: contract,
      abi: erc721ReadAbi,
      functionName: 'tokenOfOwnerByIndex',
      args: [owner, index],
    }),
  );
}

/**
 * The owner's balance and token ids, read with `balanceOf` then `tokenOfOwnerByIndex` for the first
 * {@link MAX_LISTED_TOKENS} indexes (sent together in JSON-RPC batches).
 */
export async function readTokensOfOwner(
  chain: Chain,
  contract: Address,
  owner: Address,
): Promise<{ balance: bigint; tokenIds: bigint[] }> {
  const balance = await readBalanceOf(chain, contract, owner);
  const count = Number(balance < BigInt(MAX_LISTED_TOKENS) ? balance : BigInt(MAX_LISTED_TOKENS));
  const tokenIds = await Promise.all(
    Array.from({ length: count }, (_, index) => readTokenOfOwnerByIndex(chain, contract, owner, BigInt(index))),
  );
  return { balance, tokenIds };
}

/** One ERC-721 Transfer log. */
export interface TransferEvent {
  from: Address;
  to: Address;
  tokenId: bigint;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hex;
}

/** Which Transfer logs to read; `wallet` means "to or from this address". */
export interface TransferFilter {
  wallet?: Address | undefined;
  from?: Address | undefined;
  to?: Address | undefined;
  tokenId?: bigint | undefined;
}

/** Most blocks one Transfer history read from the chain may span (public RPCs refuse much wider ranges). */
export const MAX_LOG_SPAN = 5_000n;

/**
 * Transfer logs of `contract` matching the filter in blocks `fromBlock..toBlock` (at most
 * {@link MAX_LOG_SPAN}), oldest first. A `wallet` is read as two log queries (received, sent) merged;
 * `from`/`to`/`tokenId` narrow both. 422 without any filter (a whole contract history is the indexer's
 * job) or for a wider range.
 */
export async function readTransferEvents(
  chain: Chain,
  contract: Address,
  filter: TransferFilter,
  range: { fromBlock: bigint; toBlock: bigint },
): Promise<TransferEvent[]> {
  const { fromBlock, toBlock } = range;
  if (toBlock < fromBlock || toBlock - fromBlock + 1n > MAX_LOG_SPAN) {
    throw unprocessable(`from_block..to_block must be a range of at most ${MAX_LOG_SPAN} blocks`);
  }
  const { wallet, from, to, tokenId } = filter;
  if (!wallet && !from && !to && tokenId === undefined) {
    throw unprocessable('Give wallet_address, from, to or token_id');
  }
  const queries = wallet
    ? [
        ...(to === undefined || to === wallet ? [{ from, to: wallet, tokenId }] : []),
        ...(from === undefined || from === wallet ? [{ from: wallet, to, tokenId }] : []),
      ]
    : [{ from, to, tokenId }];
  const refusal = { reverted: () => unprocessable('Transfer logs cannot revert'), what: 'Transfer logs' };
  const key = `transfers:${fromBlock}:${toBlock}:${wallet ?? ''}:${from ?? ''}:${to ?? ''}:${tokenId ?? ''}`;
  return read(chain, contract, key, refusal, async () => {
    const client = publicClientFor(chain);
    const batches = await Promise.all(
      queries.map((args) => client.getLogs({ address: contract, event: transferEvent, args, fromBlock, toBlock })),
    );
    const seen = new Map<string, TransferEvent>();
    for (const log of batches.flat()) {
      const { from: sender, to: receiver, tokenId: id } = log.args;
      if (sender === undefined || receiver === undefined || id === undefined) continue;
      if (log.blockNumber === null || log.logIndex === null || log.transactionHash === null) continue;
      seen.set(`${log.transactionHash}:${log.logIndex}`, {
        from: sender.toLowerCase() as Address,
        to: receiver.toLowerCase() as Address,
        tokenId: id,
        blockNumber: log.blockNumber,
        logIndex: log.logIndex,
        transactionHash: log.transactionHash,
      });
    }
    return [...seen.values()].sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  });
}

/**
 * The token ids `wallet` holds after these transfers (oldest first): received minus sent, replayed in
 * order so a token sent away and received back counts once, and a transfer to oneself keeps it.
 * @see spec §7 "owned tokens = received minus sent"
 */
export function ownedTokenIds(events: readonly TransferEvent[], wallet: Address): bigint[] {
  const me = wallet.toLowerCase();
  const owned = new Set<bigint>();
  for (const event of events) {
    if (event.from === me) owned.delete(event.tokenId);
    if (event.to === me) owned.add(event.tokenId);
  }
  return [...owned].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A Transfer event as JSON: `args` is `[from, to, tokenId as hex]` as the spec describes the event,
 * plus the same values spelled out, with bigints as decimal strings.
 * @see spec §3 "Transfer event: args list whose third item is a hex token id"
 */
export function transferEventJson(event: TransferEvent) {
  return {
    args: [event.from, event.to, `0x${event.tokenId.toString(16)}`] as const,
    from: event.from,
    to: event.to,
    tokenId: event.tokenId.toString(),
    blockNumber: event.blockNumber.toString(),
    logIndex: event.logIndex,
    transactionHash: event.transactionHash,
  };
}
