/**
 * `POST /api/v1/trade_offers` and `POST /api/v1/trade_offers/{id}/counter` bodies: `{ chain_id, order, signature }`,
 * the signed trade order in the JSON form listings use (../seaport/orderJson.ts) and its signature in any form
 * Seaport takes; `{id}` a trade offer's id.
 */
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { signatureSchema } from '../orders/sellCardPayload';
import { orderJsonSchema } from '../seaport/orderJson';

/** Zod schema of a trade offer's body. */
export const tradePayloadSchema = z.object({
  chain_id: chainIdParam,
  order: orderJsonSchema,
  signature: signatureSchema,
});

/** A parsed trade offer body. */
export type TradePayload = z.infer<typeof tradePayloadSchema>;

/** A trade offer's id in a path. */
export const tradeIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
