import { z } from 'zod';
import { chainReadParams, readOwnerOf } from '~/features/chains/chainReads.server';
import { describedObject } from '~/features/developers/openapi/contract';
import { chainReadRoute } from './_chainReadRoute';

/**
 * `GET /api/v1/owner_of?token_id&contract_address[&chain_id]` -> `{owner}` (ERC-721 `ownerOf`, read from
 * the chain; the current chain unless `chain_id` is given). 404 for a token that does not exist, 502 when
 * the chain's RPC does not answer. @see spec §7
 */
export const { GET, openapi } = chainReadRoute(
  {
    path: '/api/v1/owner_of',
    operationId: 'ownerOf',
    summary: 'ERC-721 ownerOf, read from the chain',
    query: z.object({
      token_id: chainReadParams.uint256,
      contract_address: chainReadParams.address,
      chain_id: chainReadParams.chainId,
    }),
    answer: { status: 200, description: '`{owner}`.', schema: describedObject('Owner', '`{owner}`.') },
    errors: [404, 422, 502],
  },
  async (chain, { token_id, contract_address }) => ({ owner: await readOwnerOf(chain, contract_address, token_id) }),
);
