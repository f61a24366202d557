/**
 * `POST /api/v1/offers` body: `{ chain_id, order, signature }`, where `order` is Seaport `OrderComponents` in
 * the JSON form listings use (../seaport/orderJson.ts: uint256 as decimal or `0x` hex strings, or safe JSON numbers) and
 * `signature` any form Seaport takes (65 or 64 bytes, bulk, ERC-1271). Bids on timed auctions are offers too.
 */
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { signatureSchema } from '../orders/sellCardPayload';
import { orderJsonSchema } from '../seaport/orderJson';

/** Zod schema of the offer payload. */
export const offerPayloadSchema = z.object({
  chain_id: chainIdParam,
  order: orderJsonSchema,
  signature: signatureSchema,
});

/** A parsed offer payload. */
export type OfferPayload = z.infer<typeof offerPayloadSchema>;
