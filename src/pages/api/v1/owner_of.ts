import { z } from 'zod';
import { chainFromParam, chainReadParams, readOwnerOf } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';

const query = z.object({
  token_id: chainReadParams.uint256,
  contract_address: chainReadParams.address,
  chain_id: chainReadParams.chainId,
});

/**
 * `GET /api/v1/owner_of?token_id&contract_address[&chain_id]` -> `{owner}` (ERC-721 `ownerOf`, read from
 * the chain; the current chain unless `chain_id` is given). 404 for a token that does not exist, 502 when
 * the chain's RPC does not answer. @see spec §7
 */
export const GET = apiRoute(async (ctx) => {
  const { token_id, contract_address, chain_id } = readQuery(ctx.url, query);
  const chain = chainFromParam(serverChains(), chain_id, ctx.locals.chain);
  return json({ owner: await readOwnerOf(chain, contract_address, token_id) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner_of',
    operationId: 'ownerOf',
    summary: 'ERC-721 ownerOf, read from the chain',
    tag: 'Chain',
    auth: 'none',
    query: query,
    answer: { status: 200, description: '`{owner}`.', schema: describedObject('Owner', '`{owner}`.') },
    errors: [404, 422, 502],
  }),
];
