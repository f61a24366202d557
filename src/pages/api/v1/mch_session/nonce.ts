import { z } from 'zod';
import { serverChains } from '../../../../features/chains/config.server';
import { issueSignInMessage } from '../../../../features/session/siwe.server';
import { apiRoute } from '../../../../server/api/handler';
import { readQuery } from '../../../../server/api/parse';
import { json } from '../../../../server/api/respond';
import { database } from '../../../../server/db/client';

const query = z.object({
  wallet_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'),
  chain_id: z.coerce.number().int().positive().optional(),
});

/** `GET /api/v1/mch_session/nonce?wallet_address=` -> a one-time EIP-4361 message to sign (5 minutes). */
export const GET = apiRoute(async (ctx) => {
  const { wallet_address, chain_id } = readQuery(ctx.url, query);
  const chains = serverChains();
  const chainId = chains.some((c) => c.chainId === chain_id)
    ? (chain_id as number)
    : (chains.find((c) => c.key === ctx.locals.chainKey)?.chainId ?? 1);
  const issued = await issueSignInMessage(await database(), {
    address: wallet_address,
    chainId,
    domain: ctx.url.host,
    origin: ctx.url.origin,
  });
  return json({ message: issued.message, nonce: issued.nonce, expiresAt: issued.expiresAt.toISOString() });
});
