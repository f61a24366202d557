import { z } from 'zod';
import {
  chainReadParams,
  ownedTokenIds,
  readTransferEvents,
  resolveReadChain,
  transferEventJson,
} from '../../../features/chains/chainReads.server';
import { serverChains } from '../../../features/chains/config.server';
import { apiRoute } from '../../../server/api/handler';
import { readQuery } from '../../../server/api/parse';
import { json } from '../../../server/api/respond';

const query = z.object({
  contract_address: chainReadParams.address,
  wallet_address: chainReadParams.address.optional(),
  from: chainReadParams.address.optional(),
  to: chainReadParams.address.optional(),
  token_id: chainReadParams.uint256.optional(),
  chain_id: chainReadParams.chainId,
});

/**
 * `GET /api/v1/transfer_events?contract_address[&wallet_address][&from][&to][&token_id][&chain_id]` ->
 * `{events, tokenIds?}`: the contract's ERC-721 Transfer events to or from `wallet_address` (narrowed by
 * `from`, `to`, `token_id`), oldest first, each with `args: [from, to, hexTokenId]`; and, when a wallet
 * is given without `from`/`to`, the token ids it owns (received minus sent). 422 without any filter.
 * @see spec §3 "Transfer event", §7
 */
export const GET = apiRoute(async (ctx) => {
  const { contract_address, wallet_address, from, to, token_id, chain_id } = readQuery(ctx.url, query);
  const chain = resolveReadChain(serverChains(), chain_id, ctx.locals.chainKey);
  const events = await readTransferEvents(chain, contract_address, {
    wallet: wallet_address,
    from,
    to,
    tokenId: token_id,
  });
  const owned = wallet_address && !from && !to ? ownedTokenIds(events, wallet_address).map(String) : undefined;
  return json({ events: events.map(transferEventJson), ...(owned ? { tokenIds: owned } : {}) });
});
