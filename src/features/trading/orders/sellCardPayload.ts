/**
 * The body of `POST /api/v1/sell_card`: the spec's sell-card payload (chain_id, contract_address, token_id,
 * price, signature, seller_address, exchange, currency_code) plus `order`, the signed Seaport
 * OrderComponents as JSON. Every uint256 may be a decimal or `0x` hex string, or a JSON number up to 2^53 - 1
 * (../seaport/uintJson.ts), as any Seaport client writes it. Addresses come out checksummed, amounts as bigint. The
 * spec's second reading (contract, sign, from; no exchange) is accepted too. The body of
 * `POST /api/v1/sell_cards` is `{ listings: [sell-card payload, ...] }`.
 *
 * @see docs/product-spec.md §3 "Sell-card payload", §7
 */
import { getAddress, type Hex } from 'viem';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import { orderJsonSchema } from '../seaport/orderJson';
import { smallUintSchema, uint256Schema } from '../seaport/uintJson';

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

/** Longest signature taken, in bytes (a bulk signature of the tallest tree is 65 + 3 + 32 × 24 = 836). */
export const MAX_SIGNATURE_BYTES = 2048;

/**
 * An order's signature in any form Seaport takes: 65-byte ECDSA, EIP-2098 compact 64-byte, either of those
 * followed by a bulk order's index and proof, or a contract wallet's ERC-1271 bytes of any length (a Safe's
 * are 65 bytes with v 0 or 1, some wallets sign with none). Kept as sent, lower-cased: Seaport and every
 * client fill with these bytes (../seaport/orderSignature.server.ts checks them as Seaport will).
 */
export const signatureSchema = z
  .string()
  .regex(
    new RegExp(`^0x(?:[0-9a-fA-F]{2}){0,${MAX_SIGNATURE_BYTES}}$`),
    `must be 0x and whole bytes of hex, at most ${MAX_SIGNATURE_BYTES}`,
  )
  .transform((value) => value.toLowerCase() as Hex);

const sellCardFields = z.object({
  chain_id: chainIdParam,
  contract_address: address,
  token_id: uint256Schema,
  price: uint256Schema.refine((value) => value > 0n, 'must be positive'),
  signature: signatureSchema,
  seller_address: address,
  /** Seaport's address; the chain's configured exchange when absent. */
  exchange: address.optional(),
  currency_code: smallUintSchema(11),
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
