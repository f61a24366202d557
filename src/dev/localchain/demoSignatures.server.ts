/**
 * What making the demo's listings and offers real on a local chain shares: whether a stored order already holds
 * for the chain's Seaport, signing a rebuilt order as its maker (anvil signs for its unlocked accounts), the
 * columns a re-signed order writes back, and the pass over a chain's stored orders that re-signs those that do not
 * hold.
 *
 * @see ./demoListings.server.ts, ./demoOffers.server.ts
 */
import type { Address, Hex } from 'viem';
import { orderHash } from '~/features/trading/seaport/orderHash';
import { parseOrderJson, toOrderJson } from '~/features/trading/seaport/orderJson';
import { isOrderSignatureValid } from '~/features/trading/seaport/orderSignature.server';
import type { OrderComponents } from '~/features/trading/seaport/seaportTypes';
import { signOrder } from '~/features/trading/seaport/signOrder';
import type { LocalChainClients } from './localClients.server';

/** A stored order as listings and offers keep it. */
export interface StoredOrder {
  exchange: string;
  order: unknown;
  orderHash: string;
  signature: string;
}

/** An order built again and signed, with the counter it was built on. */
export interface ResignedOrder {
  order: OrderComponents;
  signature: Hex;
  counter: bigint;
}

/** Whether the stored order is already a valid order for this chain's Seaport. */
export async function orderHolds(clients: LocalChainClients, row: StoredOrder): Promise<boolean> {
  const { chain } = clients;
  if (row.exchange !== chain.contracts.exchange.toLowerCase()) return false;
  const order = parseOrderJson(row.order);
  if (!order || orderHash(order) !== row.orderHash) return false;
  return isOrderSignatureValid(chain, chain.contracts.exchange, order, row.signature as Hex);
}

/** `order` (built on `counter`) signed by its maker's local account. */
export async function signAsMaker(
  clients: LocalChainClients,
  maker: Address,
  order: OrderComponents,
  counter: bigint,
): Promise<ResignedOrder> {
  const { chain } = clients;
  const signature = await signOrder(clients.wallet(maker), {
    order,
    chainId: chain.chainId,
    seaport: chain.contracts.exchange,
  });
  return { order, signature, counter };
}

/** The columns a re-signed order writes over the stored one. */
export function resignedColumns(clients: LocalChainClients, made: ResignedOrder) {
  return {
    order: toOrderJson(made.order),
    orderHash: orderHash(made.order),
    signature: made.signature.toLowerCase(),
    exchange: clients.chain.contracts.exchange.toLowerCase(),
    counter: made.counter.toString(),
  };
}

/** How {@link resignEach} treats one kind of order. */
export interface ResignSteps<R> {
  /** What the orders are, in the warning about one left as it is ("listing", "offer"). */
  kind: string;
  /** Whether the order is left as it is (it holds already, or cannot be made here). */
  keep: (row: R) => Promise<boolean>;
  /** The order built again and signed; nothing when it cannot be made acceptable. */
  resign: (row: R) => Promise<ResignedOrder | undefined>;
  /** Writes the re-signed columns over the stored order. */
  save: (row: R, columns: ReturnType<typeof resignedColumns>) => Promise<unknown>;
}

/** Re-signs each of `rows` that is not kept; one that fails is left as it is, with a warning. How many were signed. */
export async function resignEach<R extends StoredOrder>(
  clients: LocalChainClients,
  rows: readonly R[],
  steps: ResignSteps<R>,
): Promise<number> {
  let signed = 0;
  for (const row of rows) {
    if (await steps.keep(row)) continue;
    let made: ResignedOrder | undefined;
    try {
      made = await steps.resign(row);
    } catch (error) {
      console.warn(
        `[localchain] ${steps.kind} ${row.orderHash} on chain ${clients.chain.chainId} left as is: ${error}`,
      );
      continue;
    }
    if (!made) continue;
    await steps.save(row, resignedColumns(clients, made));
    signed += 1;
  }
  return signed;
}
