/**
 * Reads the events the indexer follows from one block range of one chain, decoded and in chain order:
 * ERC-721 `Transfer`, `Approval` and `ApprovalForAll` of the catalogue's card contracts (with their designs'
 * `DesignURIChanged` and `DesignURIFrozen`), and Seaport's
 * `OrderFulfilled`, `OrderCancelled` and `CounterIncremented`, and, for wallets with active offers, the
 * ERC-20 `Transfer` and `Approval` events of the offered tokens that change what backs their offers.
 *
 * @see ERC-721
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (events)
 */
import { type Address, getAddress, type Hex, type Log, type PublicClient, parseAbi } from 'viem';
import { seaportAbi } from '~/features/trading/seaport/seaportAbi';

/** The ERC-721 events read from card contracts, and a design's metadata URI published or frozen. */
export const cardEventsAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event DesignURIChanged(uint256 indexed designId, string uri)',
  'event DesignURIFrozen(uint256 indexed designId, string uri)',
]);

const seaportEvents = seaportAbi.filter(
  (item) => item.type === 'event' && ['OrderFulfilled', 'OrderCancelled', 'CounterIncremented'].includes(item.name),
);

/** Where an event sits on the chain. */
export interface EventPosition {
  blockNumber: bigint;
  blockHash: Hex;
  logIndex: number;
  txHash: Hex;
}

/** An item moved by a fill, as `OrderFulfilled` reports it. */
export interface FilledItem {
  itemType: number;
  token: Address;
  identifier: bigint;
  amount: bigint;
  recipient?: Address;
}

/** One decoded event. Addresses are checksummed. */
export type ChainEvent = EventPosition &
  (
    | { kind: 'transfer'; contract: Address; from: Address; to: Address; tokenId: bigint }
    | { kind: 'approval'; contract: Address; owner: Address; operator: Address; approved: boolean }
    | { kind: 'tokenApproval'; contract: Address; owner: Address; approved: Address; tokenId: bigint }
    | {
        kind: 'fulfilled';
        seaport: Address;
        orderHash: Hex;
        offerer: Address;
        recipient: Address;
        offer: FilledItem[];
        consideration: FilledItem[];
      }
    | { kind: 'cancelled'; seaport: Address; orderHash: Hex; offerer: Address }
    | { kind: 'counter'; seaport: Address; offerer: Address; newCounter: bigint }
    /** An offerer's balance or allowance of an offered ERC-20 changed (`Transfer` from or to, `Approval`). */
    | { kind: 'funds'; token: Address; owner: Address }
    /** A design's metadata URI was published (`DesignURIChanged`) or frozen for good (`DesignURIFrozen`). */
    | { kind: 'designUri'; contract: Address; designId: bigint; uri: string; frozen: boolean }
  );

/** The ERC-20 events read for offerers (their balance and allowance back their offers). */
const erc20EventsAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);

/** How many contract addresses one `eth_getLogs` filter names at most. */
const ADDRESSES_PER_FILTER = 500;

function position(log: Log<bigint, number, false>): EventPosition {
  return {
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
    logIndex: log.logIndex,
    txHash: log.transactionHash,
  };
}

async function cardEvents(client: PublicClient, cards: readonly Address[], from: bigint, to: bigint) {
  const events: ChainEvent[] = [];
  for (let i = 0; i < cards.length; i += ADDRESSES_PER_FILTER) {
    const logs = await client.getLogs({
      address: cards.slice(i, i + ADDRESSES_PER_FILTER) as Address[],
      events: cardEventsAbi,
      fromBlock: from,
      toBlock: to,
      strict: true,
    });
    for (const log of logs) {
      const contract = getAddress(log.address);
      if (log.eventName === 'Transfer') {
        const { from: sender, to: receiver, tokenId } = log.args;
        events.push({ ...position(log), kind: 'transfer', contract, from: sender, to: receiver, tokenId });
      } else if (log.eventName === 'Approval') {
        const { owner, approved, tokenId } = log.args;
        events.push({ ...position(log), kind: 'tokenApproval', contract, owner, approved, tokenId });
      } else if (log.eventName === 'DesignURIChanged' || log.eventName === 'DesignURIFrozen') {
        const { designId, uri } = log.args;
        const frozen = log.eventName === 'DesignURIFrozen';
        events.push({ ...position(log), kind: 'designUri', contract, designId, uri, frozen });
      } else {
        const { owner, operator, approved } = log.args;
        events.push({ ...position(log), kind: 'approval', contract, owner, operator, approved });
      }
    }
  }
  return events;
}

async function exchangeEvents(client: PublicClient, seaport: Address, from: bigint, to: bigint) {
  const logs = await client.getLogs({
    address: seaport,
    events: seaportEvents as unknown as typeof seaportAbi,
    fromBlock: from,
    toBlock: to,
    strict: true,
  });
  const events: ChainEvent[] = [];
  const at = getAddress(seaport);
  for (const log of logs) {
    if (log.eventName === 'OrderFulfilled') {
      const { orderHash, offerer, recipient, offer, consideration } = log.args;
      events.push({
        ...position(log),
        kind: 'fulfilled',
        seaport: at,
        orderHash: orderHash.toLowerCase() as Hex,
        offerer,
        recipient,
        offer: offer.map((item) => ({ ...item })),
        consideration: consideration.map((item) => ({ ...item })),
      });
    } else if (log.eventName === 'OrderCancelled') {
      const { orderHash, offerer } = log.args;
      events.push({
        ...position(log),
        kind: 'cancelled',
        seaport: at,
        orderHash: orderHash.toLowerCase() as Hex,
        offerer,
      });
    } else if (log.eventName === 'CounterIncremented') {
      const { newCounter, offerer } = log.args;
      events.push({ ...position(log), kind: 'counter', seaport: at, offerer, newCounter });
    }
  }
  return events;
}

/** Transfers from or to, and approvals by, `owners` of `tokens` (three topic-filtered reads per batch). */
async function fundsEvents(
  client: PublicClient,
  tokens: readonly Address[],
  owners: readonly Address[],
  from: bigint,
  to: bigint,
) {
  const events: ChainEvent[] = [];
  const [transfer, approval] = erc20EventsAbi;
  for (let i = 0; i < owners.length; i += ADDRESSES_PER_FILTER) {
    const batch = owners.slice(i, i + ADDRESSES_PER_FILTER) as Address[];
    const range = { address: tokens as Address[], fromBlock: from, toBlock: to, strict: true } as const;
    const [sent, received, approved] = await Promise.all([
      client.getLogs({ ...range, event: transfer, args: { from: batch } }),
      client.getLogs({ ...range, event: transfer, args: { to: batch } }),
      client.getLogs({ ...range, event: approval, args: { owner: batch } }),
    ]);
    for (const log of sent)
      events.push({ ...position(log), kind: 'funds', token: getAddress(log.address), owner: log.args.from });
    for (const log of received)
      events.push({ ...position(log), kind: 'funds', token: getAddress(log.address), owner: log.args.to });
    for (const log of approved)
      events.push({ ...position(log), kind: 'funds', token: getAddress(log.address), owner: log.args.owner });
  }
  return events;
}

/** Parameters of {@link readChainEvents}. */
export interface ReadChainEventsParameters {
  /** The catalogue's card contracts on this chain. */
  cards: readonly Address[];
  /** Seaport; undefined when the chain has none configured. */
  seaport: Address | undefined;
  fromBlock: bigint;
  toBlock: bigint;
  /** Offered ERC-20s and the wallets with active offers in them (their funds are followed); none by default. */
  offerFunds?: { tokens: readonly Address[]; owners: readonly Address[] };
}

/** The followed events of blocks `fromBlock..toBlock` (inclusive), sorted by block and log index. */
export async function readChainEvents(
  client: PublicClient,
  parameters: ReadChainEventsParameters,
): Promise<ChainEvent[]> {
  const { cards, seaport, fromBlock, toBlock, offerFunds } = parameters;
  const [fromCards, fromSeaport, fromFunds] = await Promise.all([
    cards.length > 0 ? cardEvents(client, cards, fromBlock, toBlock) : [],
    seaport ? exchangeEvents(client, seaport, fromBlock, toBlock) : [],
    offerFunds && offerFunds.tokens.length > 0 && offerFunds.owners.length > 0
      ? fundsEvents(client, offerFunds.tokens, offerFunds.owners, fromBlock, toBlock)
      : [],
  ]);
  return [...fromCards, ...fromSeaport, ...fromFunds].sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}
