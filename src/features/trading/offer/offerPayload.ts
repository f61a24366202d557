/**
 * `POST /api/v1/offers` body: `{ chain_id, order, signature }`, where `order` is Seaport `OrderComponents` in
 * the JSON form listings use (uint256 as decimal strings).
 */
import { z } from 'zod';
import { chainIdParam } from '../../chains/params';
import { orderJsonSchema } from '../orderJson';
import { signatureSchema } from '../sellCardPayload';

/** Zod schema of the offer payload. */
export const offerPayloadSchema = z.object({
  chain_id: chainIdParam,
  order: orderJsonSchema,
  signature: signatureSchema,
});

/** A parsed offer payload. */
export type OfferPayload = z.infer<typeof offerPayloadSchema>;
