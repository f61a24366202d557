/**
 * The body of `POST /api/v1/sell_card`: the spec's sell-card payload (chain_id, contract_address, token_id,
 * price, signature, seller_address, exchange, currency_code) plus `order`, the signed Seaport
 * OrderComponents as JSON (uint256 fields as decimal strings). Addresses come out checksummed, amounts as
 * bigint. The spec's second reading (contract, sign, from; no exchange) is accepted too. The body of
 * `POST /api/v1/sell_cards` is `{ listings: [sell-card payload, ...] }`.
 *
 * @see docs/product-spec.md §3 "Sell-card payload", §7
 */
import { getAddress, type Hex } from 'viem';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import { orderJsonSchema } from './orderJson';

const UINT256_MAX = 2n ** 256n - 1n;

const uint256 = z
  .union([z.string().regex(/^\d{1,78}$/, 'must be a decimal integer'), z.number().int().nonnegative()])
  .transform((value) => BigInt(value))
  .refine((value) => value <= UINT256_MAX, 'must fit in uint256');
const address = z
  .string()
  .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
  .transform((value) => getAddress(value));

/**
 * The spec's other reading of the sell order names three fields differently (contract, sign, from) and
 * has no exchange; both are accepted, the spec's payload names win.
 */
const ALIASES: Readonly<Record<string, string>> = {
  contract: 'contract_address',
  sign: 'signature',
  from: 'seller_address',
};

function withAliases(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body: Record<string, unknown> = { ...value };
  for (const [alias, name] of Object.entries(ALIASES)) {
    if (body[name] === undefined && body[alias] !== undefined) body[name] = body[alias];
    delete body[alias];
  }
  return body;
}

/** 65-byte ECDSA signatures, EIP-2098 compact 64-byte ones, or a contract wallet's longer ERC-1271 blob. */
export const signatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{128,4096}$/, 'must be a hex signature')
  .refine((value) => value.length % 2 === 0, 'must be whole bytes')
  .transform((value) => value.toLowerCase() as Hex);

const sellCardFields = z.object({
  chain_id: chainIdParam,
  contract_address: address,
  token_id: uint256,
  price: uint256.refine((value) => value > 0n, 'must be positive'),
  signature: signatureSchema,
  seller_address: address,
  /** Seaport's address; the chain's configured exchange when absent. */
  exchange: address.optional(),
  currency_code: z.coerce.number().int().min(0).max(11),
  order: orderJsonSchema,
});

/** Zod schema of the sell-card body (spec names, or the aliases above). */
export const sellCardSchema = z.preprocess(withAliases, sellCardFields);

/** A validated sell-card body. */
export type SellCardInput = z.output<typeof sellCardSchema>;

/** Most listings one `POST /api/v1/sell_cards` may carry. */
export const MAX_LISTINGS_PER_REQUEST = 50;

/** Zod schema of the sell-cards body: 1..{@link MAX_LISTINGS_PER_REQUEST} sell-card payloads. */
export const sellCardsSchema = z.object({
  listings: z.array(sellCardSchema).min(1).max(MAX_LISTINGS_PER_REQUEST),
});
