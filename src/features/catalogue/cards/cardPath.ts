/**
 * The card a route's path names by token (`/api/v1/cards/{chain_id}/{contract}/{token_id}/...`): the chain id, the
 * contract in lower case and the token id without leading zeros. A path that cannot name a token names nothing,
 * so the answer is 404, as for a token with no card.
 */
import { chainIdParam } from '~/features/chains/params';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';

/** The token the path segments name (`ctx.params`), or 404 "No such card". */
export function cardPathKey(params: Record<string, string | undefined>): {
  chainId: number;
  contractAddress: string;
  tokenId: string;
} {
  const chainId = chainIdParam.safeParse(params.chain_id ?? '');
  const contract = addressSchema.safeParse(params.contract ?? '');
  const tokenId = tokenIdParam.safeParse(params.token_id ?? '');
  if (!chainId.success || !contract.success || !tokenId.success) throw notFound('No such card');
  return { chainId: chainId.data, contractAddress: contract.data, tokenId: tokenId.data };
}
