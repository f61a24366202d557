import { z } from 'zod';
import {
  chainReadParams,
  readTokenOfOwnerByIndex,
  readTokensOfOwner,
  resolveReadChain,
} from '../../../features/chains/chainReads.server';
import { serverChains } from '../../../features/chains/config.server';
import { apiRoute } from '../../../server/api/handler';
import { readQuery } from '../../../server/api/parse';
import { json } from '../../../server/api/respond';

const query = z.object({
  wallet_address: chainReadParams.address,
  contract_address: chainReadParams.address,
  index: chainReadParams.uint256.optional(),
  chain_id: chainReadParams.chainId,
});

/**
 * `GET /api/v1/token_of_owner_by_index?wallet_address&contract_address[&index][&chain_id]` (ERC-721
 * Enumerable): with `index` -> `{tokenId}` (404 past the owner's last token); without -> `{balance,
 * tokenIds}`, the first 100 token ids of the owner. Numbers are decimal strings. @see spec §7
 */
export const GET = apiRoute(async (ctx) => {
  const { wallet_address, contract_address, index, chain_id } = readQuery(ctx.url, query);
  const chain = resolveReadChain(serverChains(), chain_id, ctx.locals.chainKey);
  if (index !== undefined) {
    const tokenId = await readTokenOfOwnerByIndex(chain, contract_address, wallet_address, index);
    return json({ tokenId: tokenId.toString() });
  }
  const { balance, tokenIds } = await readTokensOfOwner(chain, contract_address, wallet_address);
  return json({ balance: balance.toString(), tokenIds: tokenIds.map(String) });
});
