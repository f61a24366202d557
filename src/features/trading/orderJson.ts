/**
 * Seaport `OrderComponents` as JSON: what `POST /api/v1/sell_card` receives in `order` and what
 * `sell_orders.order` stores, with every uint256 as a decimal string (JSON has no bigint). Reading accepts
 * numbers for the small fields too, and ignores `totalOriginalConsiderationItems` (only fills carry it).
 *
 * @see ./seaport/seaportTypes.ts
 * @see docs/product-spec.md §3 "Sell-card payload"
 */
import { type Address, getAddress, type Hex } from 'viem';
import { z } from 'zod';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import type {
  ConsiderationItem,
  ItemTypeValue,
  OfferItem,
  OrderComponents,
  OrderTypeValue,
} from './seaport/seaportTypes';

const UINT256_MAX = 2n ** 256n - 1n;

const uint256 = z
  .union([z.string().regex(/^\d{1,78}$/, 'must be a decimal integer'), z.number().int().nonnegative()])
  .transform((value) => BigInt(value))
  .refine((value) => value <= UINT256_MAX, 'must fit in uint256');
const address = z
  .string()
  .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
  .transform((value) => getAddress(value));
const bytes32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
  .transform((value) => value.toLowerCase() as Hex);
const smallInt = (max: number) => z.coerce.number().int().min(0).max(max);

const offerItem = z.object({
  itemType: smallInt(5),
  token: address,
  identifierOrCriteria: uint256,
  startAmount: uint256,
  endAmount: uint256,
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
    orderType: smallInt(4),
    startTime: uint256,
    endTime: uint256,
    zoneHash: bytes32,
    salt: uint256,
    conduitKey: bytes32,
    counter: uint256,
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

/** Reads a stored or received order; undefined when it is not a valid order. */
export function parseOrderJson(value: unknown): OrderComponents | undefined {
  const result = orderJsonSchema.safeParse(value);
  return result.success ? result.data : undefined;
}
