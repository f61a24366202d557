import { z } from 'zod';
import { chainFromParam, chainReadParams, readBalanceOf } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';

const query = z.object({
  wallet_address: chainReadParams.address,
  contract_address: chainReadParams.address,
  chain_id: chainReadParams.chainId,
});

/**
 * `GET /api/v1/balance_of?wallet_address&contract_address[&chain_id]` -> `{balance}` as a decimal string
 * (ERC-721 `balanceOf`, read from the chain). @see spec §7
 */
export const GET = apiRoute(async (ctx) => {
  const { wallet_address, contract_address, chain_id } = readQuery(ctx.url, query);
  const chain = chainFromParam(serverChains(), chain_id, ctx.locals.chain);
  const balance = await readBalanceOf(chain, contract_address, wallet_address);
  return json({ balance: balance.toString() });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/balance_of',
    operationId: 'balanceOf',
    summary: 'ERC-721 balanceOf, read from the chain',
    tag: 'Chain',
    auth: 'none',
    query: query,
    answer: {
      status: 200,
      description: '`{balance}` as a decimal string.',
      schema: describedObject('Balance', '`{balance}` as a decimal string.'),
    },
    errors: [422, 502],
  }),
];
