/**
 * Seaport `OrderComponents` as JSON: what `POST /api/v1/sell_card` receives in `order` and what
 * `sell_orders.order` stores, with every uint256 as a decimal string (JSON has no bigint). Reading takes what
 * any Seaport client sends (./uintJson.ts: decimal or `0x` hex strings, safe JSON numbers, so an order made by
 * `@opensea/seaport-js` with its hex salt is read unchanged) and ignores `totalOriginalConsiderationItems`
 * (seaport-js adds it; only fills carry it). Writing is always the decimal form.
 *
 * @see ./seaportTypes.ts
 * @see docs/product-spec.md §3 "Sell-card payload"
 */
import { type Address, getAddress, type Hex } from 'viem';
import { z } from 'zod';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import type { ConsiderationItem, ItemTypeValue, OfferItem, OrderComponents, OrderTypeValue } from './seaportTypes';
import { smallUintSchema, uint256Schema } from './uintJson';

const address = z
  .string()
  .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
  .transform((value) => getAddress(value));
const bytes32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
  .transform((value) => value.toLowerCase() as Hex);

const offerItem = z.object({
  itemType: smallUintSchema(5),
  token: address,
  identifierOrCriteria: uint256Schema,
  startAmount: uint256Schema,
  endAmount: uint256Schema,
});

/** Zod schema of an order in JSON; parses to viem-ready {@link OrderComponents}. */
export const orderJsonSchema = z
  .object({
    offerer: address,
    zone: address,
    offer: z.array(offerItem).min(1).max(10),
    consideration: z
      .array(offerItem.extend({ recipient: address }))
      .min(1)
      .max(10),
    orderType: smallUintSchema(4),
    startTime: uint256Schema,
    endTime: uint256Schema,
    zoneHash: bytes32,
    salt: uint256Schema,
    conduitKey: bytes32,
    counter: uint256Schema,
    totalOriginalConsiderationItems: z.unknown().optional(),
  })
  .transform(
    ({ totalOriginalConsiderationItems: _ignored, ...order }): OrderComponents => ({
      ...order,
      offer: order.offer.map((item): OfferItem => ({ ...item, itemType: item.itemType as ItemTypeValue })),
      consideration: order.consideration.map(
        (item): ConsiderationItem => ({ ...item, itemType: item.itemType as ItemTypeValue }),
      ),
      orderType: order.orderType as OrderTypeValue,
    }),
  );

/** An order as stored and sent: uint256 fields as decimal strings, addresses lower-case. */
export type OrderJson = Record<string, unknown>;

const lower = (value: Address): string => value.toLowerCase();

/** Turns an order into its JSON form (see the module comment). */
export function toOrderJson(order: OrderComponents): OrderJson {
  const item = (entry: OfferItem) => ({
    itemType: entry.itemType,
    token: lower(entry.token),
    identifierOrCriteria: entry.identifierOrCriteria.toString(),
    startAmount: entry.startAmount.toString(),
    endAmount: entry.endAmount.toString(),
  });
  return {
    offerer: lower(order.offerer),
    zone: lower(order.zone),
    offer: order.offer.map(item),
    consideration: order.consideration.map((entry) => ({ ...item(entry), recipient: lower(entry.recipient) })),
    orderType: order.orderType,
    startTime: order.startTime.toString(),
    endTime: order.endTime.toString(),
    zoneHash: order.zoneHash,
    salt: order.salt.toString(),
    conduitKey: order.conduitKey,
    counter: order.counter.toString(),
  };
}

/**
 * An order's `OrderParameters` as the fill answers send them: its JSON form with `totalOriginalConsiderationItems`
 * (the zone's fulfilment data and a trade's fill).
 */
export function orderParametersJson(order: OrderComponents) {
  return { ...toOrderJson(order), totalOriginalConsiderationItems: order.consideration.length };
}

/** A value of a fill answer as JSON: bigints as decimal strings, inside arrays and objects too. */
export function plainJson(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plainJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainJson(v)]));
  return value;
}

/** Reads a stored or received order; undefined when it is not a valid order. */
export function parseOrderJson(value: unknown): OrderComponents | undefined {
  const result = orderJsonSchema.safeParse(value);
  return result.success ? result.data : undefined;
}
